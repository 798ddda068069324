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

/**
 * Which picked ad fills each placement (spec §9 "magazine and own ads"): with two placements the
 * first (a third down) takes a magazine ad and the second (two thirds) one of the ministry's own;
 * a single placement takes the first ad picked. When no picked ad is of the kind asked for, the next
 * unused one fills it, so a page never shows fewer ads than it has placements and ads to fill them.
 */
export function adsForPlacements<T extends { kind: string }>(placements: readonly number[], picked: readonly T[]): T[] {
  const wanted = placements.length === 2 ? ["magazine", "own"] : placements.map(() => null);
  const unused = [...picked];
  const take = (index: number) => unused.splice(index, 1)[0];
  const chosen: T[] = [];
  for (const kind of wanted) {
    if (!unused.length) break;
    const ofKind = kind ? unused.findIndex((ad) => ad.kind === kind) : 0;
    chosen.push(take(ofKind >= 0 ? ofKind : 0));
  }
  return chosen;
}

/**
 * The paragraph an ad at `fraction` of a body with `paragraphs` paragraphs follows (1-based): the
 * nearest paragraph end, at least the first; 0 when the body has no paragraph (the ad goes at its end).
 */
export function paragraphForPlacement(fraction: number, paragraphs: number): number {
  if (paragraphs <= 0) return 0;
  return Math.min(paragraphs, Math.max(1, Math.round(fraction * paragraphs)));
}

/** How many paragraphs (`</p>` ends) a body's HTML has. */
export function paragraphCount(html: string): number {
  return (html.match(/<\/p\s*>/gi) ?? []).length;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** An ad as the page shows it: a plain link with its image, labelled "Advertisement" for screen readers. */
export function adHtml(ad: { title: string; link_url: string; image_url: string; alt_text: string }): string {
  return (
    `<div class="content-ad" role="group" aria-label="Advertisement"><a href="${escapeHtml(ad.link_url)}">` +
    `<img src="${escapeHtml(ad.image_url)}" alt="${escapeHtml(ad.alt_text)}" loading="lazy" width="600" height="150">` +
    "</a></div>"
  );
}

/**
 * The body with each ad after its paragraph (`after_paragraph`, 1-based; 0 or past the last paragraph:
 * at the end). Pure string work, so the server rendering and the hydrated page give the same markup.
 */
export function bodyWithAds(
  html: string,
  ads: ReadonlyArray<{ after_paragraph: number; title: string; link_url: string; image_url: string; alt_text: string }>,
): string {
  if (!ads.length) return html;
  let seen = 0;
  let out = html.replace(/<\/p\s*>/gi, (end) => {
    seen += 1;
    return (
      end +
      ads
        .filter((ad) => ad.after_paragraph === seen)
        .map(adHtml)
        .join("")
    );
  });
  out += ads
    .filter((ad) => ad.after_paragraph <= 0 || ad.after_paragraph > seen)
    .map(adHtml)
    .join("");
  return out;
}
