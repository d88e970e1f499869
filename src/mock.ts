// Entry point `./mock`: the mock, the contract proxy and the certification flows for an
// integrator's own tests (Node only). `startMock()` serves every route family on one port;
// `startProxy()` checks calls to a sandbox against the contract; `runFlows()` drives the
// certification scenarios. A start that cannot happen rejects with a StartError.
export { startMock, type MockOptions, type RunningMock, type LogLevel } from './mock/server.ts';
export { startProxy, type ProxyOptions, type RunningProxy } from './proxy/server.ts';
export { runFlows, type FlowsOptions, type FlowsRun } from './flows/run.ts';
export { StartError, type StartErrorCode } from './mock/start-error.ts';
export type { MockCall, MockDecision, MockResponder } from './mock/responder.ts';
export type { Problem, Violation } from './mock/problem.ts';
