// The build's worker threads, each started on first use: TypeScript work (types and
// the client compile, ts-worker.ts), Spectral (spectral-worker.ts), reference page
// rendering (render-worker.ts) and the mock's start cache (mock-worker.ts). The pipeline starts them before it loads its own
// tools, so TypeScript, Spectral and Redoc load on the second core meanwhile.
import type { ReferencePageJob } from '../docs-site/reference.ts';
import type { TsJob, TsWorkerData } from './ts-worker.ts';
import type { SpectralFinding, SpectralJob } from './spectral.ts';
import type { StartCacheJob } from './mock-worker.ts';
import type { BuiltFamily } from './step.ts';
import { TaskWorker } from '../lib/task-worker.ts';

export class BuildWorkers {
  readonly #data: TsWorkerData;
  #ts: TaskWorker<TsJob, string | string[]> | undefined;
  #pages: TaskWorker<ReferencePageJob, void> | undefined;
  #spectral: TaskWorker<SpectralJob, SpectralFinding[]> | undefined;
  #mock: TaskWorker<StartCacheJob, BuiltFamily> | undefined;
  #closed = false;

  /** `compilesClient`: the build writes dist/, so the TypeScript worker prepares for it. */
  constructor(rootDir: string, compilesClient: boolean) {
    this.#data = { rootDir, client: compilesClient };
  }

  /**
   * Starts the workers: TypeScript and Spectral at once (their jobs come first), the
   * page renderer once the TypeScript worker has loaded (its jobs come last, and on two
   * cores every thread loading at once slows the main thread's own loading). Spectral
   * lints the families' bundles only: a build of the observed flavours alone never loads it.
   */
  prewarm({ families = true }: { families?: boolean } = {}): void {
    if (families) this.#spectralWorker();
    void this.#tsWorker().ready.then(() => this.#closed || this.#pagesWorker());
  }

  /** Spectral's findings on a bundle, with the project's ruleset. */
  spectral(job: SpectralJob): Promise<SpectralFinding[]> {
    return this.#spectralWorker().run(job);
  }

  /** The types of a bundled document (openapi-typescript). */
  async types(document: Record<string, unknown>, flavour: 'published' | 'observed'): Promise<string> {
    const value = await this.#tsWorker().run({ kind: 'types', document, flavour });
    if (typeof value !== 'string') throw new Error('the TypeScript worker answered a types job with no text');
    return value;
  }

  /** Compiles src/ into dist/ (tsc -p tsconfig.build.json); returns the files written. */
  async compileClient(): Promise<string[]> {
    const value = await this.#tsWorker().run({ kind: 'client' });
    if (!Array.isArray(value)) throw new Error('the TypeScript worker answered a client job with no file list');
    return value;
  }

  /** The mock's start cache (mock-step.ts), rendered by Prism in its own thread. */
  startCache(job: StartCacheJob): Promise<BuiltFamily> {
    return this.#mockWorker().run(job);
  }

  #mockWorker(): TaskWorker<StartCacheJob, BuiltFamily> {
    if (this.#closed) throw new Error('the build workers are closed');
    this.#mock ??= new TaskWorker(new URL('./mock-worker.ts', import.meta.url), {});
    return this.#mock;
  }

  /** Renders one reference page with Redocly build-docs. */
  renderPage(job: ReferencePageJob): Promise<void> {
    return this.#pagesWorker().run(job);
  }

  #tsWorker(): TaskWorker<TsJob, string | string[]> {
    if (this.#closed) throw new Error('the build workers are closed');
    this.#ts ??= new TaskWorker(new URL('./ts-worker.ts', import.meta.url), this.#data);
    return this.#ts;
  }

  #pagesWorker(): TaskWorker<ReferencePageJob, void> {
    if (this.#closed) throw new Error('the build workers are closed');
    this.#pages ??= new TaskWorker(new URL('../docs-site/render-worker.ts', import.meta.url), {});
    return this.#pages;
  }

  #spectralWorker(): TaskWorker<SpectralJob, SpectralFinding[]> {
    if (this.#closed) throw new Error('the build workers are closed');
    this.#spectral ??= new TaskWorker(new URL('./spectral-worker.ts', import.meta.url), {});
    return this.#spectral;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([this.#ts?.close(), this.#pages?.close(), this.#spectral?.close(), this.#mock?.close()]);
  }
}
