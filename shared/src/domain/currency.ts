/** How an amount of money is written out. */
export interface CurrencyFormatOptions {
  /** Group thousands with commas (1,234.50). Off unless asked for. */
  commas?: boolean;
}

// Sign, whole part, optional fraction: what is left once $ signs, commas and spaces are gone.
const AMOUNT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Reads typed money into integer cents: "$1,234.5" is 123450. Dollar signs, commas and spaces
 * are ignored; a third decimal rounds half away from zero. Anything that is not a number falls
 * back to 0, as the currency fields do ("12abc" is 0, not 12, so a typo is not half-read).
 */
export function parseCurrencyToCents(text: string | number): number {
  const cleaned = String(text).replace(/[$,\s]/g, "");
  const match = AMOUNT.exec(cleaned);
  if (!match) return 0;
  const [, sign, whole, fraction = ""] = match;
  if (whole === "" && fraction === "") return 0;
  const padded = fraction.padEnd(3, "0");
  let cents = Number(whole || "0") * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign === "-" && cents !== 0 ? -cents : cents;
}

/** Writes integer cents with two decimals and no currency sign: 123450 is "1234.50" or "1,234.50". */
export function formatCents(cents: number, options: CurrencyFormatOptions = {}): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100));
  const grouped = options.commas ? dollars.replace(/\B(?=(\d{3})+$)/g, ",") : dollars;
  const sign = cents < 0 && whole !== 0 ? "-" : "";
  return `${sign}${grouped}.${String(whole % 100).padStart(2, "0")}`;
}

/** Reformats a typed amount: strips $ and commas, falls back to 0.00, two decimals, optional commas. */
export function formatCurrency(text: string | number, options: CurrencyFormatOptions = {}): string {
  return formatCents(parseCurrencyToCents(text), options);
}

/** The numeric key filter: digits, period and minus pass, every other character is refused. */
export function isNumericKey(key: string): boolean {
  return /^[0-9.-]$/.test(key);
}

/** Applies the numeric key filter to pasted or dropped text. */
export function keepNumericCharacters(text: string): string {
  return [...text].filter(isNumericKey).join("");
}
