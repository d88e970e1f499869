// One mock for the whole test run, on a free port: every route family of the contract,
// each call checked against it. Tests read its address with inject('mockUrl').
import { startMock, type RunningMock } from 'air-travel-api-contract/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

let mock: RunningMock | undefined;

export async function setup(project: TestProject): Promise<void> {
  mock = await startMock({ port: 0, logLevel: 'silent' });
  project.provide('mockUrl', mock.url);
}

export async function teardown(): Promise<void> {
  await mock?.close();
}
