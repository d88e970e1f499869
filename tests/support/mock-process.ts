// Starts `src/cli/main.ts mock` as a real child process on a free 127.0.0.1 port and
// resolves with its address once it says it is listening.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface MockProcess {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

export function startMockProcess(rootDir: string, extraArgs: string[] = [], timeoutMs = 60_000): Promise<MockProcess> {
  const child: ChildProcess = spawn(process.execPath, [path.join(rootDir, 'src/cli/main.ts'), 'mock', '--port', '0', ...extraArgs], {
    cwd: rootDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`mock did not start within ${timeoutMs} ms:\n${output}`));
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
      reject(new Error(`mock exited with ${code} before listening:\n${output}`));
    });
  });
}
