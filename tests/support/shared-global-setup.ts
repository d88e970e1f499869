// The run's folder for the fixtures several files share (shared-fixtures.ts makes them lazily,
// only when a file asks); removed when the run ends, also when tests fail.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

let dir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'suite-shared-'));
  project.provide('sharedDir', dir);
}

export async function teardown(): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}
