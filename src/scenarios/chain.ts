// The booking chain as the captures ran it: the steps of the longest captured scenario in its
// order, each with the request fields the lineage threads into it and where they come from
// (`Reservar` takes `IdentificacaoDaViagem` from `Disponibilidade: ViagensTrecho1[].IdentificacaoDaViagem`).
// What the MCP prompt and the docs say of the order, read from the one lineage.
import type { Lineage } from './lineage.ts';

export interface ChainStep {
  operation: string;
  /** `always`: every captured step of the operation threads it (else only some, such as a round trip's return). */
  takes: Array<{ field: string; fromOperation: string; fromField: string; always: boolean }>;
}

/** The operations of the longest captured scenario, once each, with their threads (the most threaded source first). */
export function bookingChain(lineage: Lineage): ChainStep[] {
  const longest = [...lineage.scenarios].sort((a, b) => b.steps.length - a.steps.length)[0];
  const seen = new Set<string>();
  const chain: ChainStep[] = [];
  for (const step of longest?.steps ?? []) {
    if (seen.has(step.operation)) continue;
    seen.add(step.operation);
    const steps = lineage.scenarios.flatMap((s) => s.steps.filter((st) => st.operation === step.operation));
    const takes = new Map<string, ChainStep['takes'][number]>();
    for (const row of lineage.summary)
      if (row.request === step.operation && !takes.has(row.field)) {
        const always = steps.every((st) => st.threads.some((t) => t.field === row.field) || st.gaps.includes(row.field));
        takes.set(row.field, { field: row.field, fromOperation: row.fromOperation, fromField: row.fromField, always });
      }
    chain.push({ operation: step.operation, takes: [...takes.values()] });
  }
  return chain;
}
