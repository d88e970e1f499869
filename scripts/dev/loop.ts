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
import { runPipeline, SupersededError } from '../pipeline/pipeline.ts';
import { PipelineSession } from '../pipeline/session.ts';
import { OBSERVED_ID } from '../pipeline/step-ids.ts';
import { startMock, type RunningMock } from '../../src/mock/server.ts';
import { problemLines, ProblemReport } from './problems.ts';
import { watchFixtures, watchInputs, type Watcher } from './watch.ts';

export interface DevOptions {
  rootDir: string;
  port: number;
  docsPort: number;
  /** Replay the certification flows too (their state survives swaps that do not touch them). */
  flows?: boolean;
  /** A fixture folder (`startMock({ examples })`): read again whenever a file in it is saved. */
  examples?: string;
  /** The mock's body time-out (`startMock({ bodyTimeoutMs })`; default its own). */
  bodyTimeoutMs?: number;
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

  // The newest save wins: its build starts at once, and the build it makes stale is aborted
  // (no further step, no write, no swap of the mock); whatever it left unbuilt, the newer build
  // rebuilds, since the stale one records nothing. `latest` numbers the build that may touch the mock.
  let latest = 0;
  // Families a superseded build swapped into the mock from memory: their bundles on disk are
  // older, so the next build that completes reloads them unless it swapped them itself.
  const mockAhead = new Set<string>();

  async function build(changed: readonly string[], generation: number, signal: AbortSignal): Promise<boolean> {
    const isLatest = () => generation === latest;
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
        signal,
        onBundled: (id, document) => {
          if (!isLatest() || !mock?.families.includes(id) || mock.observed.includes(id)) return;
          const at = since();
          const text = bundleJson(document);
          swappedEarly.add(id);
          mockAhead.add(id);
          void queue(() => (isLatest() ? mock?.swap({ [id]: text }) : undefined)).then(() =>
            timings.push(`mock swapped at ${at}–${since()} ms (${id})`),
          );
        },
        onBundles: (ids) => {
          // Written as swapped, or not served at all (an observed flavour): nothing to read back.
          const served = (id: string) => mock?.families.includes(id) || (id === OBSERVED_ID && (mock?.observed.length ?? 0) > 0);
          const fresh = ids.filter((id) => served(id) && !swappedEarly.has(id));
          if (fresh.length === 0 || !isLatest()) return;
          const at = since();
          void swap().then(() => timings.push(`mock reloaded at ${at}–${since()} ms (${fresh.join(', ')})`));
        },
        onDocs: () => {
          if (!isLatest()) return;
          live.reload();
          timings.push(`pages reloaded at ${since()} ms`);
        },
      });
      await swapping;
      if (!isLatest()) return false;
      // What an earlier, superseded build swapped in and this one did not rebuild: back to the disk's.
      const behind = [...mockAhead].filter((id) => !swappedEarly.has(id));
      mockAhead.clear();
      if (behind.length > 0) await swap();
      const rebuilt = reports.filter((r) => !r.skipped).map((r) => r.id);
      if (report.clear()) print('✓ fixed: the contract builds again');
      if (changed.length > 0 && rebuilt.length > 0)
        print(`✓ ${changed.join(', ')} → ${rebuilt.join(', ')} in ${since()} ms${timings.length ? `; ${timings.join('; ')}` : ''}`);
      for (const w of reports.flatMap((r) => r.warnings)) if (report.fresh([w]).length > 0) print(w);
      return true;
    } catch (error) {
      await swapping;
      // Superseded (aborted, or finished after a newer save): the newer build reports and swaps.
      if (error instanceof SupersededError || !isLatest()) return false;
      const lines = problemLines(error);
      const fresh = report.fresh(lines);
      for (const line of fresh) print(`✗ ${line}`);
      // A family swapped in before a later step failed: back to the last good bundles on disk.
      if (mockAhead.size > 0) {
        const back = [...mockAhead];
        mockAhead.clear();
        await swap();
        print(`  the mock is back on the last good ${back.join(', ')}`);
      }
      if (fresh.length === 0)
        print(`✗ still failing (${lines.length} problem${lines.length === 1 ? '' : 's'} above); serving the last good contract`);
      else print('  serving the last good contract until the next good edit');
      return false;
    }
  }

  // Every save starts a build at once and aborts the one in flight; the files of builds that
  // did not complete are named by the next one's report.
  const builds = new Set<Promise<boolean>>();
  let current: AbortController | undefined;
  let unreported = new Set<string>();
  const startBuild = (files: readonly string[]): Promise<boolean> => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    const generation = ++latest;
    for (const f of files) unreported.add(f);
    const changed = [...unreported];
    const done = build(changed, generation, controller.signal).then((ok) => {
      if (generation === latest) unreported = new Set();
      return ok;
    });
    builds.add(done);
    void done.finally(() => builds.delete(done));
    return done;
  };
  const onChange = (files: string[]) => void startBuild(files);
  const settled = () => Promise.all([...builds].map((b) => b.catch(() => false)));

  let watcher: Watcher | undefined;
  let fixtures: Watcher | undefined;
  let docs: Server | undefined;
  try {
    // What changed while dev was not running is built first; the mock needs the bundles.
    await startBuild([]);
    mock = await startMock({
      rootDir,
      port: options.port,
      flows: options.flows === true,
      logLevel: 'warn',
      ...(options.examples === undefined ? {} : { examples: options.examples }),
      ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeoutMs: options.bodyTimeoutMs }),
    });
    if (options.examples !== undefined)
      fixtures = watchFixtures(
        options.examples,
        () =>
          void queue(async () => {
            await mock?.reload();
            print(`✓ mock: fixtures of ${options.examples} reloaded`);
          }),
      );
    await fixtures?.ready;
    // The mock on the docs' origin too: the pages' console calls it without CORS.
    const served = await serveDocs(path.join(rootDir, 'generated', 'docs'), options.docsPort, { live, mock: mock.url });
    docs = served.server;
    watcher = watchInputs(rootDir, onChange);
    // Ready before startDev resolves: an edit made as soon as it returns is seen.
    await watcher.ready;
    const docsServer = served.server;
    const running = mock;
    return {
      mockUrl: running.url,
      docsUrl: served.url,
      async close() {
        await Promise.all([watcher?.close(), fixtures?.close()]);
        live.close();
        current?.abort();
        await settled();
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
    await watcher?.close();
    await fixtures?.close();
    docs?.close();
    await mock?.close();
    await session.close();
    throw error;
  }
}
