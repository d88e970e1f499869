// A bench script in a process of its own started with `--expose-gc` (`npm run bench` runs
// without it): only what that script builds is on its heap, read collected. Its one JSON line.
import { spawn } from 'node:child_process';
import path from 'node:path';

export function gcChild<T>(rootDir: string, script: string, args: readonly string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', path.join(rootDir, script), ...args], {
      cwd: rootDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script} exited with ${code}: ${out}`))));
  });
}
