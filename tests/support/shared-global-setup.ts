// The run's folder for the fixtures several files share (shared-fixtures.ts makes them lazily,
// only when a file asks); removed when the run ends, also when tests fail. It also clears the
// caller's port variables, so `npm test` beside a running `npm run dev` or a set MOCK_PORT passes.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

let dir: string | undefined;

/** Variables a contributor's shell may hold that would move a server a test starts: the suite never inherits them. */
const CALLERS_PORTS = ['MOCK_PORT', 'PROXY_PORT', 'DOCS_PORT'];

export async function setup(project: TestProject): Promise<void> {
  // Before any worker starts: the workers, and every child they spawn with process.env, inherit the cleaned environment.
  for (const name of CALLERS_PORTS) delete process.env[name];
  dir = await mkdtemp(path.join(os.tmpdir(), 'suite-shared-'));
  project.provide('sharedDir', dir);
}

export async function teardown(): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}
