// One real mock process for the whole test run; stopped at the end, also when tests fail.
import type { TestProject } from 'vitest/node';
import { startMockProcess, type MockProcess } from './mock-process.ts';
import { rootDir } from './bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

let mock: MockProcess | undefined;

export async function setup(project: TestProject): Promise<void> {
  mock = await startMockProcess(rootDir);
  project.provide('mockUrl', mock.url);
}

export async function teardown(): Promise<void> {
  await mock?.stop();
}
