// Weighted random choice, shared by the join form's panel (storefront §9 "Campaign choice is weighted
// random by the data-weight attribute") and the staff's winner draw. No zod: the storefront imports it.

/**
 * Picks one item with probability weight / total weight, from `random()` in [0, 1). Items of weight 0
 * are never picked; with no positive weight there is nothing to pick (null).
 */
export function chooseWeighted<T>(items: readonly T[], weightOf: (item: T) => number, random: () => number): T | null {
  const total = items.reduce((sum, item) => sum + Math.max(0, weightOf(item)), 0);
  if (total <= 0) return null;
  let ticket = Math.floor(random() * total);
  for (const item of items) {
    const weight = Math.max(0, weightOf(item));
    if (ticket < weight) return item;
    ticket -= weight;
  }
  return null; // unreachable while random() < 1
}

/**
 * A random() from a seed: the same seed gives the same sequence on every machine (xmur3 hash of the
 * seed into mulberry32), so a draw can be run again from its event.
 */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  let a = (h ^ (h >>> 16)) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The draw: one player, weighted by entries, from the seed. Entries are taken in player order. */
export function drawWinner(seed: string, entries: ReadonlyArray<{ player: string; entries: number }>): string | null {
  const sorted = [...entries].sort((a, b) => (a.player < b.player ? -1 : a.player > b.player ? 1 : 0));
  return chooseWeighted(sorted, (e) => e.entries, seededRandom(seed))?.player ?? null;
}
