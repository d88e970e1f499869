// The build's TypeScript work, in a worker thread, so TypeScript is loaded once and off
// the main thread: the types of each bundle (openapi-typescript, which prints with
// TypeScript) and the client compile (`tsc -p tsconfig.build.json` through
// TypeScript's API). On start it loads openapi-typescript and, when the build compiles
// the client, parses what the build cannot change (the lib and @types/node
// declarations, src/). The outputs are byte for byte the CLIs' (tests/pipeline/cli-route.test.ts).
import module from 'node:module';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { serveTasks, taskData } from '../lib/task-worker.ts';

// V8's on-disk code cache, as main.ts enables it: the tools are imported below, not
// statically, since a static import would load them before this line.
module.enableCompileCache?.();

export type TsJob =
  /** The types of a bundled document; an observed flavour's dates may be null. */
  | { kind: 'types'; document: Record<string, unknown>; flavour: 'published' | 'observed' }
  /** Compile src/ into dist/; answers the files written. */
  | { kind: 'client' };

export interface TsWorkerData {
  rootDir: string;
  /** Whether client jobs will come (the build writes dist/): parse for them while idle. */
  client: boolean;
}

const { rootDir, client } = taskData<TsWorkerData>();
// TypeScript names files with forward slashes on every platform.
const generatedDir = `${path.join(rootDir, 'generated').replaceAll(path.sep, '/')}/`;

const typesTools = (async () => {
  const [{ generateTypes, loadTypesConfig }, { observedTypeOptions }] = await Promise.all([
    import('./types.ts'),
    import('./observed-step.ts'),
  ]);
  return { generateTypes, config: await loadTypesConfig(), observed: await observedTypeOptions() };
})();

async function loadCompiler() {
  await typesTools.catch(() => undefined); // the types are wanted first
  const { default: ts } = await import('typescript');
  const configPath = path.join(rootDir, 'tsconfig.build.json');
  const readConfig = () => {
    const problems: string[] = [];
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => problems.push(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      },
    );
    if (!parsed || problems.length > 0) throw new Error(`${configPath}: ${problems.join('\n')}`);
    return parsed;
  };
  const config = readConfig();
  const host = ts.createCompilerHost(config.options);
  // Files outside generated/ cannot change during a build: each is parsed once, and the
  // generated types are not parsed at all until the job (they are being rewritten).
  const parsed = new Map<string, ReturnType<typeof host.getSourceFile>>();
  const parse = host.getSourceFile.bind(host);
  let warming = true;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (fileName.startsWith(generatedDir)) return warming ? undefined : parse(fileName, languageVersion, onError, shouldCreate);
    if (!parsed.has(fileName)) parsed.set(fileName, parse(fileName, languageVersion, onError, shouldCreate));
    return parsed.get(fileName);
  };
  ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  warming = false;
  return { ts, host, readConfig };
}

const compiler = client ? loadCompiler() : undefined;
compiler?.catch(() => undefined); // reported by the client job

async function compileClient(): Promise<string[]> {
  const { ts, host, readConfig } = await (compiler ?? loadCompiler());
  // Read again: src/ files added since the worker started belong to the program.
  const config = readConfig();
  const outDir = config.options.outDir ?? path.join(rootDir, 'dist');
  await rm(outDir, { recursive: true, force: true });
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    host,
    configFileParsingDiagnostics: config.errors,
  });
  const written: string[] = [];
  const emitted = program.emit(undefined, (fileName, text, bom) => {
    host.writeFile(fileName, text, bom);
    written.push(path.resolve(fileName));
  });
  // The diagnostics tsc reports (its emitFilesAndReportErrors): the declaration
  // diagnostics come with the emit, so they are not asked for separately, which would
  // run the declaration transform twice.
  const diagnostics = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSemanticDiagnostics(),
    ...emitted.diagnostics,
  ];
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    const format = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => rootDir, getNewLine: () => '\n' };
    throw new Error(ts.formatDiagnostics(errors, format).trim());
  }
  return written.sort();
}

serveTasks(typesTools, async (job: TsJob): Promise<string | string[]> => {
  if (job.kind === 'client') return compileClient();
  const { generateTypes, config, observed } = await typesTools;
  return generateTypes(config, job.document, job.flavour === 'observed' ? observed : {});
});
