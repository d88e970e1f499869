// What a long-running caller (`npm run dev`) keeps between builds: the worker threads with
// Spectral, TypeScript and Redoc loaded, and Redocly's configuration (read again when
// redocly.yaml changes). A build in a session pays for its work, not for loading tools.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sha256 } from './cache.ts';
import { loadTools, type Tools } from './family-steps.ts';
import { BuildWorkers } from './workers.ts';

export class PipelineSession {
  readonly workers: BuildWorkers;
  readonly #rootDir: string;
  #tools: { key: string; loaded: Promise<Tools> } | undefined;

  constructor(rootDir: string) {
    this.#rootDir = rootDir;
    // The session never compiles the client: the editor reads the generated types, and `npm run build` writes dist/.
    this.workers = new BuildWorkers(rootDir, false);
    this.workers.prewarm();
  }

  async tools(): Promise<Tools> {
    const key = sha256(await readFile(path.join(this.#rootDir, 'redocly.yaml')));
    if (this.#tools?.key !== key) {
      const loaded = loadTools(this.#rootDir);
      loaded.catch(() => undefined);
      this.#tools = { key, loaded };
    }
    return this.#tools.loaded;
  }

  close(): Promise<void> {
    return this.workers.close();
  }
}
