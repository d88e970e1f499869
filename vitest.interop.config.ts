// `npm run test:interop`: third-party tools driving what the package ships, which `npm test`
// leaves out for their CPU (vitest.config.ts says which and why); CI runs it after `npm test`.
// Three files at a time, workers reused, as in `npm test`: most of them wait on a JVM, mono or npm.
import { configDefaults, defineConfig } from 'vitest/config';
import { baseTest, INTEROP } from './vitest.config.ts';

export default defineConfig({ test: { ...baseTest, include: INTEROP, exclude: configDefaults.exclude, maxWorkers: 3, isolate: false } });
