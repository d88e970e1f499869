// The contributor's loop: one warm pipeline session, the mock and the docs server, and a
// watcher. An edit rebuilds what depends on it; the mock swaps its contract in place as
// soon as the bundles are written, open docs pages reload once the pages are. A broken
// edit is reported and the last good contract keeps being served.
import type { Server } from 'node:http';
import path from 'node:path';
import { LiveReload } from '../docs-site/live-reload.ts';
import { serveDocs } from '../docs-site/serve.ts';
import { runPipeline } from '../pipeline/pipeline.ts';
import { PipelineSession } from '../pipeline/session.ts';
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
  const swap = () => {
    swapping = swapping.then(() => mock?.reload()).catch((error: unknown) => print(`✗ mock: ${(error as Error).message}`));
    return swapping;
  };

  async function build(changed: readonly string[]): Promise<boolean> {
    const started = performance.now();
    const timings: string[] = [];
    const since = () => Math.round(performance.now() - started);
    try {
      const reports = await runPipeline({
        rootDir,
        session,
        client: false,
        onBundles: (ids) => {
          const at = since();
          void swap().then(() => timings.push(`mock swapped at ${at}–${since()} ms (${ids.join(', ')})`));
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
    const served = await serveDocs(path.join(rootDir, 'generated', 'docs'), options.docsPort, { live });
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
