// `tsc --noEmit --pretty false -p <tsconfig>` in the test's own process, through TypeScript's
// API: the same options, files and diagnostics, and the same text on stdout and exit code, but
// Node, TypeScript and the parsed lib, @types and generated declarations are paid once per
// worker (the suite reuses workers across files), not once per check.
import { createHash } from 'node:crypto';
import path from 'node:path';
import ts from 'typescript';

export interface Checked {
  /** tsc's exit code: 0 when nothing is reported, else 1 or 2 as tsc's emit went. */
  code: number;
  /** What tsc prints with --pretty false: one `file(line,col): error TSxxxx: message` per diagnostic. */
  output: string;
}

// tsc parses JSDoc only as far as type errors need it; the registry asserts every file it hands out was parsed so.
const JSDOC = ts.JSDocParsingMode.ParseForTypeErrors;

// Parsed and bound source files, shared by every check in this worker: the registry keys them by
// the options that change a parse or a bind, and by module format, so a file is reused only where
// tsc would have made the same one.
const registry = ts.createDocumentRegistry(ts.sys.useCaseSensitiveFileNames, undefined, JSDOC);

// A file's version is its text, so an edit between checks (a rewritten checks.ts) is always seen, whatever its mtime.
const versionOf = (text: string): string => createHash('sha1').update(text).digest('base64');

/**
 * Checks the project of a tsconfig file as `tsc --noEmit --pretty false -p tsconfig` run in
 * `cwd` would: its `extends`, `files` and `include`, its options with noEmit, and the
 * diagnostics tsc reports in its order (config, syntactic; then options, global, semantic and,
 * with declaration on, declaration ones, each stage only when the ones before found nothing).
 */
export function typecheck(tsconfig: string, cwd: string = process.cwd()): Checked {
  const format: ts.FormatDiagnosticsHost = {
    getCurrentDirectory: () => cwd,
    getNewLine: () => ts.sys.newLine,
    getCanonicalFileName: ts.sys.useCaseSensitiveFileNames ? (f) => f : (f) => f.toLowerCase(),
  };
  const unrecoverable: ts.Diagnostic[] = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.resolve(cwd, tsconfig),
    { noEmit: true },
    { ...ts.sys, getCurrentDirectory: () => cwd, onUnRecoverableConfigFileDiagnostic: (d) => unrecoverable.push(d) },
  );
  // tsc prints a config it cannot read and exits 1 before making a program.
  if (!parsed) return { code: ts.ExitStatus.DiagnosticsPresent_OutputsSkipped, output: ts.formatDiagnostics(unrecoverable, format) };

  const { options } = parsed;
  const host = ts.createCompilerHost(options);
  host.jsDocParsingMode = JSDOC;
  host.getCurrentDirectory = () => cwd;
  const key = registry.getKeyForCompilationSettings(options);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError) => {
    let text: string | undefined;
    try {
      text = host.readFile(fileName);
    } catch (error) {
      onError?.(error instanceof Error ? error.message : String(error));
    }
    if (text === undefined) return undefined;
    const version = versionOf(text);
    const filePath = host.getCanonicalFileName(fileName);
    // The registry reparses when the version differs, and otherwise hands back the file it parsed (and the checker bound) before.
    return registry.acquireDocumentWithKey(
      fileName,
      filePath as ts.Path,
      options,
      key,
      ts.ScriptSnapshot.fromString(text),
      version,
      undefined,
      languageVersionOrOptions,
    );
  };

  // No oldProgram: each check resolves its modules afresh, as a new tsc would; the parse is what is shared.
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options,
    projectReferences: parsed.projectReferences,
    host,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  // tsc's emitFilesAndReportErrors, stage by stage.
  const found = [...program.getConfigFileParsingDiagnostics()];
  const fromConfig = found.length;
  found.push(...program.getSyntacticDiagnostics());
  if (found.length === fromConfig) {
    found.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (found.length === fromConfig) found.push(...program.getSemanticDiagnostics());
    if ((options.declaration || options.composite) && found.length === fromConfig) found.push(...program.getDeclarationDiagnostics());
  }
  // With noEmit the emit writes no output, only a build info where one is configured: it is dropped, but its
  // result is kept, since tsc's exit code reads emitSkipped (2 for diagnostics with noEmit, not 1).
  const emitted = program.emit(undefined, () => undefined);
  found.push(...emitted.diagnostics);
  const diagnostics = ts.sortAndDeduplicateDiagnostics(found);
  const code =
    diagnostics.length === 0
      ? ts.ExitStatus.Success
      : emitted.emitSkipped
        ? ts.ExitStatus.DiagnosticsPresent_OutputsSkipped
        : ts.ExitStatus.DiagnosticsPresent_OutputsGenerated;
  return { code, output: ts.formatDiagnostics(diagnostics, format) };
}
