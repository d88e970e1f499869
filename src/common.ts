// What every entry point re-exports: errors, date helpers, the V1 unwrap helper, and the
// types of the shared client runtime.
export * from './errors.ts';
export * from './dates.ts';
export { unwrapV1, type V1Wrapper, type UnwrapV1Options } from './v1-wrapper.ts';
export type { Credentials, CredentialFields } from './credentials.ts';
export type {
  AccessCodeSource,
  CallOptions,
  CommonCallOptions,
  ReadCallOptions,
  RetryRefused,
  SessionOptions,
  ClientOptions,
  ClientOptionsWithCredentials,
  FamilyClient,
  FamilyFactory,
  PlainFamilyFactory,
} from './client.ts';
export type {
  NamedCalls,
  NamedFamilyClient,
  Naming,
  OperationCall,
  OperationAnswer,
  OperationName,
  OperationRequest,
} from './named-calls.ts';
export type {
  CallErrorEvent,
  CallEvent,
  CallHooks,
  CallRequestEvent,
  CallResponseEvent,
  ClientClock,
  RetryOptions,
} from './call-options.ts';
