// `npm run test:package`: the four-Node matrix of the examples' runners, and the packed package on
// the Node majors `npm test` leaves out (vitest.config.ts says why); CI runs it after `npm test`.
import { configDefaults, defineConfig } from 'vitest/config';
import { baseTest, PACKAGE_MATRIX } from './vitest.config.ts';

export default defineConfig({ test: { ...baseTest, include: PACKAGE_MATRIX, exclude: configDefaults.exclude } });
