/** What a magnetic-stripe swipe fills into the payment form (back-office §3). */
export interface CardSwipe {
  number: string;
  /** First name, a space and last name, as printed on the card ("JOHN Q DOE"). */
  name: string;
  fName: string;
  lName: string;
  /** Expiry as MM/YY, the way it is printed on the card. */
  expires: string;
  /** Two digits, 01-12. */
  expMonth: string;
  /** Four digits: the stripe's two-digit year in the 2000s. */
  expYear: string;
  /** The swiped text, untouched. */
  original: string;
}

// Track 1, format B: %B<number>^<LAST>/<FIRST>^<YYMM><service code and discretionary data>?
const TRACK_1 = /^%B(\d{12,19})\^([^^]*)\^(\d{2})(\d{2})[^?]*\?/;

/**
 * Reads track-1 data from a card reader. The name field is "LAST/FIRST" padded with spaces; a name
 * with no slash is all last name. Returns null for anything that is not a track-1 swipe or whose
 * expiry month is not 01-12, so ordinary typing in the number box is left alone.
 */
export function parseCardSwipe(input: string): CardSwipe | null {
  const match = TRACK_1.exec(input.trim());
  if (!match) return null;
  const [, number, rawName, year, month] = match;
  if (Number(month) < 1 || Number(month) > 12) return null;
  const slash = rawName.indexOf("/");
  const lName = tidy(slash < 0 ? rawName : rawName.slice(0, slash));
  const fName = slash < 0 ? "" : tidy(rawName.slice(slash + 1));
  return {
    number,
    name: [fName, lName].filter(Boolean).join(" "),
    fName,
    lName,
    expires: `${month}/${year}`,
    expMonth: month,
    expYear: `20${year}`,
    original: input,
  };
}

function tidy(part: string): string {
  return part.trim().replace(/\s+/g, " ");
}
