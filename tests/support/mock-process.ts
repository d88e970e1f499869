// Starts a server command as a real child process on a free 127.0.0.1 port and resolves
// with its address once it says it is listening: the repository's `src/cli/main.ts mock`,
// or any command of an installed package (the consumer test).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface MockProcess {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

export interface ServerProcessOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** `node <args>` with the given Node binary, resolved once it prints `listening on http://127.0.0.1:<port>`. */
export function startServerProcess(node: string, args: string[], options: ServerProcessOptions): Promise<MockProcess> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const child: ChildProcess = spawn(node, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
      // real time: a real child that ignores SIGINT is killed after 5 s.
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
  return new Promise((resolve, reject) => {
    // real time: a ceiling on a real mock process starting, never reached when all is well.
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${args.join(' ')} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], output: () => output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code} before listening:\n${output}`));
    });
  });
}

/** The repository's own mock (`npm run mock`'s entry) with `extraArgs`. */
export function startMockProcess(rootDir: string, extraArgs: string[] = [], timeoutMs = 60_000): Promise<MockProcess> {
  return startServerProcess(process.execPath, [path.join(rootDir, 'src/cli/main.ts'), 'mock', '--port', '0', ...extraArgs], {
    cwd: rootDir,
    timeoutMs,
  });
}
