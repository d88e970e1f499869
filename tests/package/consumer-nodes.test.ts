// The packed package on the Node majors `npm test` leaves to CI: 22 and 26 (consumer.test.ts
// runs 20, the oldest `engines` promises, and 24, the toolchain's). The same strict consumer,
// compiled here, against the mock, and the installed commands (on-node.ts). Run by
// `npm run test:package` (vitest.package.config.ts), after `npm test` in CI.
import path from 'node:path';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { NODE_VERSIONS, type NodeVersion, nodeBinaries, FLOOR_AND_TOOLCHAIN, TSC, testsOnNodes, writeNodeConsumer } from './on-node.ts';
import { mustRun } from '../support/package.ts';
import { packedInstall } from '../support/shared-fixtures.ts';
import { rm } from 'node:fs/promises';

const OTHERS = NODE_VERSIONS.filter((v) => !FLOOR_AND_TOOLCHAIN.includes(v));
const mockUrl = inject('mockUrl');

let project: string;
let installed: string;
let nodes = new Map<NodeVersion, string>();

beforeAll(async () => {
  const [install, binaries] = await Promise.all([packedInstall(), nodeBinaries(OTHERS)]);
  nodes = binaries;
  installed = install.project;
  project = await install.workDir('consumer-nodes-test');
  await writeNodeConsumer(project);
  // consumer.test.ts checks this compile has no error; here it only makes out/consumer.js.
  await mustRun(process.execPath, [TSC, '-p', path.join(project, 'tsconfig.nodenext.json')], { cwd: project });
}, 600_000);

afterAll(() => (project ? rm(project, { recursive: true, force: true }) : undefined));

describe('on the Node majors between and after', () => {
  testsOnNodes(OTHERS, () => ({ project, installed, nodes, mockUrl }));
});
