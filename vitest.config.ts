import { configDefaults, defineConfig } from 'vitest/config';
import { SlowestFirst } from './tests/support/sequencer.ts';

/**
 * The examples' runners on four Nodes (four installs, twelve runner runs): no sharing makes
 * them fast; and the packed package on Node 22 and 26 (`npm test` runs it on 20, the oldest
 * promised, and 24, the toolchain's). `npm run test:package` runs them (vitest.package.config.ts),
 * after `npm test` in CI.
 */
export const PACKAGE_MATRIX = ['tests/package/runners.test.ts', 'tests/package/consumer-nodes.test.ts'];

/**
 * Third-party tools driving what the package ships: Specmatic, Portman and Microcks on the
 * bundles, the generators of other languages and of TypeScript, newman, Bruno's CLI and the
 * importers on the collections, real HTTP clients of five languages on the mock, the tools'
 * own CLIs beside the pipeline, the MCP Inspector, conformance suite and Specmatic on the
 * MCP server. Each installs or starts a tool of its own (a JVM, mono, Python, PHP, a few
 * hundred packages): about a third of the suite's CPU, so `npm run test:interop` runs them (vitest.interop.config.ts), after
 * `npm test` in CI. Our own behaviour behind each (the mock, the pairs, the MCP server with
 * the SDK's client, the bundles' shapes) stays in `npm test`.
 */
export const INTEROP = [
  'tests/contract-tools/*.test.ts',
  'tests/generators/*.test.ts',
  'tests/other-languages/clients.test.ts',
  'tests/bruno/*.test.ts',
  'tests/postman/newman.test.ts',
  'tests/postman/importers.test.ts',
  'tests/insomnia/*.test.ts',
  'tests/clients/*.test.ts',
  'tests/pipeline/cli-route.test.ts',
  'tests/lint/cli-equivalence.test.ts',
  'tests/mcp/tools.test.ts',
];

/**
 * The docs followed as a reader follows them: every shell command of README.md, CONTRIBUTING.md
 * and docs/ in a fresh project or a scratch copy (npm installs, servers, a build), and
 * CONTRIBUTING's recipes, each edited and built on a scratch copy. They check the docs, not
 * the code under them (each behaviour they touch has its own test in `npm test`), and cost a
 * quarter of the suite's time in installs and builds: `npm run test:docs` runs them
 * (vitest.docs.config.ts), after `npm test` in CI.
 */
export const FOLLOWED = ['tests/docs/commands.test.ts', 'tests/contributing/recipes.test.ts'];

/**
 * The build's own machinery, each met in a built copy of the repository: the content-hash
 * cache, a failing step, a superseded build, the client's compile, the dev loop's rebuilds and
 * the recorder's import with its observed rebuilds. They test scripts/pipeline, scripts/dev and
 * scripts/observed, not the contract or the doors (a contract edit cannot break them), and cost
 * a third of the suite's CPU in real builds: `npm run test:builds` runs them
 * (vitest.builds.config.ts), after `npm test` in CI. That the committed generated files are what
 * the pipeline makes now stays in `npm test` (tests/pipeline/generated-current.test.ts).
 */
export const BUILDS = [
  'tests/pipeline/incremental.test.ts',
  'tests/pipeline/failures.test.ts',
  'tests/pipeline/superseded.test.ts',
  'tests/pipeline/client-compile.test.ts',
  'tests/dev/dev.test.ts',
  'tests/record/import.test.ts',
];

/**
 * Files that hold something no other file may touch meanwhile: they run one at a time, after
 * the rest (three at a time on two cores: most files wait on a child process, a browser, an
 * install or a timer, and a third file fills the core the waiting one leaves idle). The
 * load and hostile-traffic files assert counts and generous bounds, never timings, and pass
 * beside two busy loops (`npm run test:steady`): they run with the rest.
 */
export const ONE_AT_A_TIME = [
  'tests/client/package.test.ts', // rewrites dist/, which the packed installs read
];

const shared = {
  globalSetup: ['tests/support/mock-global-setup.ts', 'tests/support/shared-global-setup.ts'],
  sequence: { sequencer: SlowestFirst },
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** The options every config starts from (test:fast, test:package, test:interop, test:docs, test:builds), without the four groups above and the two below. */
export const baseTest = {
  ...shared,
  include: ['tests/**/*.test.ts'],
  exclude: [...configDefaults.exclude, ...PACKAGE_MATRIX, ...INTEROP, ...FOLLOWED, ...BUILDS],
};

// A project's include and exclude add to the root's (extends: true), so the root names none.
export default defineConfig({
  test: {
    ...shared,
    projects: [
      {
        extends: true,
        test: {
          name: 'three at a time',
          include: baseTest.include,
          exclude: [...baseTest.exclude, ...ONE_AT_A_TIME],
          maxWorkers: 3,
          // Workers are reused across files, as in test:fast: Prism, Redocly, TypeScript and the
          // test helpers load once per worker, not once per file (about 90 s of CPU a run).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'one at a time', include: ONE_AT_A_TIME, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
