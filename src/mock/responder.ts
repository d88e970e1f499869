// The seam between the mock's front and features that answer from state (certification
// flows): the front validates a call against the contract first, then asks the responder.

/** A call that passed contract validation, as the responder sees it. */
export interface MockCall {
  /** Family id, e.g. `v2-pt` or `legacy`. */
  family: string;
  /** Operation name as the route gives it, e.g. `Reservar`. */
  operation: string;
  method: string;
  path: string;
  /** The parsed JSON body. */
  body: unknown;
  headers: Readonly<Record<string, string | undefined>>;
}

/**
 * What a responder decides: answer the call itself, let the ordinary answer go with extra
 * headers, refuse it with the mock's own problem body (a call its state cannot place), or
 * say nothing (undefined).
 */
export type MockDecision =
  | {
      kind: 'answer';
      status: number;
      body: unknown;
      headers?: Record<string, string>;
      /** `body` as JSON.stringify writes it, when the responder has it at hand (sent as is, not serialized again). */
      text?: string;
    }
  | { kind: 'annotate'; headers: Record<string, string> }
  | { kind: 'refuse'; status: number; detail: string; headers: Record<string, string> };

export type MockResponder = (call: MockCall) => MockDecision | undefined;
