// newman's Node API behind a promise, typed as far as the tests read it: one run of a
// collection against a base URL, no reporter, no delay.
import { createRequire } from 'node:module';

export interface NewmanExecution {
  item: { name: string };
  request: { method: string; url: { getPath(): string } };
  response?: { code: number; text(): string; headers: { get(name: string): string | undefined } };
  assertions?: Array<{ assertion: string; error?: { message: string } }>;
}

export interface NewmanSummary {
  run: {
    stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
    failures: Array<{ error: { message: string; test?: string }; source?: { name?: string } }>;
    executions: NewmanExecution[];
  };
}

interface Newman {
  run(
    options: { collection: unknown; environment?: unknown; reporters?: string[]; timeoutRequest?: number },
    callback: (error: Error | null, summary: NewmanSummary) => void,
  ): void;
}

const newman = createRequire(import.meta.url)('newman') as Newman;

/** Runs a collection with `baseUrl` pointed at `baseUrl` (an environment value outranks the collection's). */
export function runCollection(collection: unknown, baseUrl: string): Promise<NewmanSummary> {
  return new Promise((resolve, reject) => {
    newman.run(
      { collection, environment: { values: [{ key: 'baseUrl', value: baseUrl, enabled: true }] }, reporters: [], timeoutRequest: 20_000 },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    );
  });
}
