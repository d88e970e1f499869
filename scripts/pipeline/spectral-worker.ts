// Spectral in a worker thread: loading it and building the ruleset (its schemas are
// compiled by ajv) and linting each bundle take the main thread's time otherwise,
// which the Redocly steps and the observed flavour need.
import module from 'node:module';
import { serveTasks } from '../lib/task-worker.ts';
import type { SpectralJob } from './spectral.ts';

module.enableCompileCache?.();

const spectral = import('./spectral.ts').then(async (m) => {
  await m.prepareSpectral();
  return m;
});

serveTasks(spectral, async (job: SpectralJob) => (await spectral).spectralLint(job));
