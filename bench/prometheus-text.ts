// Reading a process's /metrics (Prometheus text) in the benches: sums and histogram quantiles.

/** The samples of `name` whose labels contain every `match` fragment, as [labels, value]. */
export function samplesOf(text: string, name: string, match: string[] = []): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const at = line.lastIndexOf(" ");
    const labels = line.slice(name.length, at);
    if (match.every((m) => labels.includes(m))) out.push([labels, Number(line.slice(at + 1))]);
  }
  return out;
}

export const sumOf = (text: string, name: string, match: string[] = []) =>
  samplesOf(text, name, match).reduce((n, [, v]) => n + v, 0);

/** A histogram's cumulative bucket counts by upper bound (summed over the series that match). */
export function bucketsOf(texts: string[], name: string, match: string[] = []): Map<number, number> {
  const buckets = new Map<number, number>();
  for (const text of texts)
    for (const [labels, value] of samplesOf(text, `${name}_bucket`, match)) {
      const le = /le="([^"]+)"/.exec(labels)?.[1];
      const bound = le === "+Inf" ? Number.POSITIVE_INFINITY : Number(le);
      buckets.set(bound, (buckets.get(bound) ?? 0) + value);
    }
  return buckets;
}

/** Buckets of `after` minus those of `before`: what was observed between two scrapes. */
export function bucketsBetween(before: Map<number, number>, after: Map<number, number>): Map<number, number> {
  return new Map([...after].map(([le, n]) => [le, n - (before.get(le) ?? 0)]));
}

/** The q-quantile as Prometheus's histogram_quantile estimates it (linear within the bucket); NaN when empty. */
export function quantileOf(buckets: Map<number, number>, q: number): number {
  const sorted = [...buckets].sort(([a], [b]) => a - b);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total === 0) return Number.NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const [le, n] of sorted) {
    if (n >= rank) {
      if (le === Number.POSITIVE_INFINITY) return lower;
      return lower + ((le - lower) * (rank - below)) / Math.max(1, n - below);
    }
    lower = le;
    below = n;
  }
  return lower;
}
