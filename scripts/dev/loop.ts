// The contributor's loop: one warm pipeline session, the mock and the docs server, and a
// watcher. An edit rebuilds what depends on it; the mock swaps the edited family in place as
// soon as Redocly has bundled it (Spectral, the types, the observed flavour and the pages
// follow), open docs pages reload once the pages are written. A broken edit is reported and
// the last good contract keeps being served (read back from disk when a later step failed).
import type { Server } from 'node:http';
import path from 'node:path';
import { LiveReload } from '../docs-site/live-reload.ts';
import { serveDocs } from '../docs-site/serve.ts';
import { bundleJson } from '../pipeline/bundle-json.ts';
import { runPipeline } from '../pipeline/pipeline.ts';
import { PipelineSession } from '../pipeline/session.ts';
import { OBSERVED_ID } from '../pipeline/step-ids.ts';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { problemLines, ProblemReport } from './problems.ts';
import { watchInputs, type Watcher } from './watch.ts';

export interface DevOptions {
  rootDir: string;
  port: number;
  docsPort: number;
  /** Replay the certification flows too (their state survives swaps that do not touch them). */
  flows?: boolean;
  print?: (line: string) => void;
}

export interface RunningDev {
  mockUrl: string;
  docsUrl: string;
  /** Stops the watcher, both servers and the workers; resolves when both ports are free. */
  close(): Promise<void>;
}

export async function startDev(options: DevOptions): Promise<RunningDev> {
  const { rootDir } = options;
  const print = options.print ?? ((line: string) => console.log(line));
  const session = new PipelineSession(rootDir);
  const report = new ProblemReport();
  const live = new LiveReload();
  let mock: RunningMock | undefined;
  // Swaps run one after another, each reading the bundles as they are when it starts.
  let swapping: Promise<void> = Promise.resolve();
  const queue = (work: () => Promise<void> | undefined) => {
    swapping = swapping.then(work).catch((error: unknown) => print(`✗ mock: ${(error as Error).message}`));
    return swapping;
  };
  const swap = () => queue(() => mock?.reload());

  async function build(changed: readonly string[]): Promise<boolean> {
    const started = performance.now();
    const timings: string[] = [];
    const since = () => Math.round(performance.now() - started);
    // Families the mock already serves from this build's bundles in memory.
    const swappedEarly = new Set<string>();
    try {
      const reports = await runPipeline({
        rootDir,
        session,
        client: false,
        onBundled: (id, document) => {
          if (!mock?.families.includes(id) || mock.observed.includes(id)) return;
          const at = since();
          const text = bundleJson(document);
          swappedEarly.add(id);
          void queue(() => mock?.swap({ [id]: text })).then(() => timings.push(`mock swapped at ${at}–${since()} ms (${id})`));
        },
        onBundles: (ids) => {
          // Written as swapped, or not served at all (an observed flavour): nothing to read back.
          const served = (id: string) => mock?.families.includes(id) || (id === OBSERVED_ID && (mock?.observed.length ?? 0) > 0);
          const fresh = ids.filter((id) => served(id) && !swappedEarly.has(id));
          if (fresh.length === 0) return;
          const at = since();
          void swap().then(() => timings.push(`mock reloaded at ${at}–${since()} ms (${fresh.join(', ')})`));
        },
        onDocs: () => {
          live.reload();
          timings.push(`pages reloaded at ${since()} ms`);
        },
      });
      await swapping;
      const rebuilt = reports.filter((r) => !r.skipped).map((r) => r.id);
      if (report.clear()) print('✓ fixed: the contract builds again');
      if (changed.length > 0 && rebuilt.length > 0)
        print(`✓ ${changed.join(', ')} → ${rebuilt.join(', ')} in ${since()} ms${timings.length ? `; ${timings.join('; ')}` : ''}`);
      for (const w of reports.flatMap((r) => r.warnings)) if (report.fresh([w]).length > 0) print(w);
      return true;
    } catch (error) {
      await swapping;
      const lines = problemLines(error);
      const fresh = report.fresh(lines);
      for (const line of fresh) print(`✗ ${line}`);
      // A family swapped in before a later step failed: back to the last good bundles on disk.
      if (swappedEarly.size > 0) {
        await swap();
        print(`  the mock is back on the last good ${[...swappedEarly].join(', ')}`);
      }
      if (fresh.length === 0)
        print(`✗ still failing (${lines.length} problem${lines.length === 1 ? '' : 's'} above); serving the last good contract`);
      else print('  serving the last good contract until the next good edit');
      return false;
    }
  }

  // An edit that lands during a build is built right after it, once.
  let building: Promise<unknown> | undefined;
  let pending: Set<string> | undefined;
  const onChange = (files: string[]) => {
    if (building) {
      pending ??= new Set();
      for (const f of files) pending.add(f);
      return;
    }
    building = build(files).finally(() => {
      building = undefined;
      const next = pending;
      pending = undefined;
      if (next) onChange([...next]);
    });
  };

  let watcher: Watcher | undefined;
  let docs: Server | undefined;
  try {
    // What changed while dev was not running is built first; the mock needs the bundles.
    building = build([]);
    await building;
    building = undefined;
    mock = await startMock({ rootDir, port: options.port, flows: options.flows === true, logLevel: 'warn' });
    // The mock on the docs' origin too: the pages' console calls it without CORS.
    const served = await serveDocs(path.join(rootDir, 'generated', 'docs'), options.docsPort, { live, mock: mock.url });
    docs = served.server;
    watcher = watchInputs(rootDir, onChange);
    const docsServer = served.server;
    const running = mock;
    return {
      mockUrl: running.url,
      docsUrl: served.url,
      async close() {
        watcher?.close();
        live.close();
        await building?.catch(() => undefined);
        await Promise.all([
          running.close(),
          new Promise<void>((resolve) => {
            docsServer.closeAllConnections();
            docsServer.close(() => resolve());
          }),
          session.close(),
        ]);
      },
    };
  } catch (error) {
    watcher?.close();
    docs?.close();
    await mock?.close();
    await session.close();
    throw error;
  }
}
