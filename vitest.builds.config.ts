// `npm run test:builds`: the build's own machinery in built copies of the repository (the
// cache, failures, superseding, the client's compile, the dev loop, the recorder's import),
// which `npm test` leaves out (vitest.config.ts says why); CI runs it after `npm test`.
// Two files at a time: each build already runs on worker threads, so a third only queues.
import { configDefaults, defineConfig } from 'vitest/config';
import { baseTest, BUILDS } from './vitest.config.ts';

export default defineConfig({ test: { ...baseTest, include: BUILDS, exclude: configDefaults.exclude, maxWorkers: 2 } });
