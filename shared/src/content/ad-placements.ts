/**
 * Where a content page's ads go (spec §9, issue 10 "Content pages"): 3 random ads; with more than
 * 1,400 words two placements, at a third and two thirds of the body; with more than 700 words one,
 * at half; shorter pages show none in the body. Pure, so the rule is table-tested on its own.
 */

/** Spec §9: 3 random ads. */
export const ADS_PER_PAGE = 3;

/** The placements for a body of `words` words, as fractions of the body (0 to 1), in reading order. */
export function adPlacements(words: number): number[] {
  if (words > 1400) return [1 / 3, 2 / 3];
  if (words > 700) return [1 / 2];
  return [];
}

/** The words a body's visitors read: its HTML's text split on white space. */
export function bodyWordCount(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z0-9#]+;/gi, " ")
    .trim();
  return text ? text.split(/\s+/).length : 0;
}

/**
 * `count` distinct ads picked at random (all of them when there are fewer); `random` returns [0, 1)
 * like Math.random, injected so the pick can be tested.
 */
export function pickRandomAds<T>(ads: readonly T[], count = ADS_PER_PAGE, random: () => number = Math.random): T[] {
  const pool = [...ads];
  const picked: T[] = [];
  while (picked.length < count && pool.length) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return picked;
}
