// `npm run test:docs`: the docs' commands and CONTRIBUTING's recipes followed on fresh projects
// and scratch copies, which `npm test` leaves out (vitest.config.ts says why); CI runs it after `npm test`.
// Both files run at once: the commands wait on npm installs and servers, the recipes on builds.
import { configDefaults, defineConfig } from 'vitest/config';
import { baseTest, FOLLOWED } from './vitest.config.ts';

export default defineConfig({ test: { ...baseTest, include: FOLLOWED, exclude: configDefaults.exclude, maxWorkers: 2 } });
