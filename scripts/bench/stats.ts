// Repeated measurements summarised as median, min and max.
export interface Figure {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function summarise(samples: number[]): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number, runs: sorted.length };
}

export async function repeat(runs: number, measure: (run: number) => Promise<number>): Promise<Figure> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await measure(i));
  return summarise(samples);
}

export async function timeMs(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
