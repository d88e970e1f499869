// The mock's start cache in a worker thread: loading Prism and rendering every document's
// answers took the main thread's time while the client compile and the pages were waiting
// on it; here it runs beside them.
import module from 'node:module';
import type { Family } from '../lib/families.ts';
import { serveTasks } from '../lib/task-worker.ts';

module.enableCompileCache?.();

export interface StartCacheJob {
  rootDir: string;
  outDir: string;
  families: Family[];
}

const step = import('./mock-step.ts');

serveTasks(step, async (job: StartCacheJob) => (await step).buildStartCache(job.rootDir, job.outDir, job.families));
