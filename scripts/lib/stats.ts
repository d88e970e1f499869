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

/** Two sides measured in alternation, and the ratio B / A of each round. */
export interface Paired {
  a: Figure;
  b: Figure;
  /** B / A round by round: median, and min and max as the spread. */
  ratio: Figure;
}

/**
 * Measures A then B, round after round (A B A B …), so a slow moment of a shared
 * machine lands on both sides; the ratio is taken per round and its spread reported.
 */
export async function alternate(
  rounds: number,
  a: (round: number) => Promise<number>,
  b: (round: number) => Promise<number>,
): Promise<Paired> {
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const x = await a(i);
    const y = await b(i);
    as.push(x);
    bs.push(y);
    ratios.push(y / x);
  }
  return { a: summarise(as), b: summarise(bs), ratio: summarise(ratios) };
}

/** Like `alternate`, over any number of sides measured in turn each round; ratios against the first. */
export async function rotate(
  rounds: number,
  sides: Array<(round: number) => Promise<number>>,
): Promise<{ figures: Figure[]; ratios: Figure[]; ratioOf: (side: number, over: number) => Figure }> {
  const samples = sides.map(() => [] as number[]);
  const ratios = sides.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++) {
    const values: number[] = [];
    for (const side of sides) values.push(await side(i));
    values.forEach((v, s) => {
      samples[s]!.push(v);
      ratios[s]!.push(v / values[0]!);
    });
  }
  const ratioOf = (side: number, over: number) => summarise(samples[side]!.map((v, i) => v / samples[over]![i]!));
  return { figures: samples.map(summarise), ratios: ratios.map(summarise), ratioOf };
}
