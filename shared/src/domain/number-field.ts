import { formatCents, parseCurrencyToCents } from "./currency.ts";

/** What a number field holds: whole numbers, decimals, or money with two decimals. */
export type NumberFormat = "digits" | "decimal" | "currency";

/** How one number field behaves. */
export interface NumberFieldOptions {
  format: NumberFormat;
  /** Whether values below zero are allowed. Fields are positive unless they say so. */
  allowNegative?: boolean;
  /** The input's maximum length; NUMBER_FIELD_MAX_LENGTH unless set. */
  maxLength?: number;
  /** An empty field becomes zero ("0" or "0.00") instead of staying blank. */
  notNull?: boolean;
}

/** Keyboard modifiers that make a key a shortcut (copy, paste, select all) rather than typing. */
export interface KeyModifiers {
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/** A number field's input length when none is set. */
export const NUMBER_FIELD_MAX_LENGTH = 16;
const WHOLE_LIMIT = "9999999999999";
const FRACTION_LIMIT = `${WHOLE_LIMIT}.99`;

/** Every character typed or pasted as a minus sign: ‐ ‑ ‒ – — − and the ASCII hyphen-minus. */
export const MINUS_CHARACTERS = ["-", "\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2212"] as const;
const MINUS = new RegExp(`[${MINUS_CHARACTERS.join("")}]`, "g");

const CONTROL_KEYS = new Set([
  "Backspace",
  "Delete",
  "Tab",
  "Enter",
  "Escape",
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
]);

/** The input length a field allows. */
export function numberFieldMaxLength(options: NumberFieldOptions): number {
  return options.maxLength ?? NUMBER_FIELD_MAX_LENGTH;
}

/** The smallest and largest values a field takes, as written: 0..9999999999999(.99), or from -9999999999999(.99). */
export function numberFieldRange(options: NumberFieldOptions): { min: string; max: string } {
  const max = options.format === "digits" ? WHOLE_LIMIT : FRACTION_LIMIT;
  return { min: options.allowNegative ? `-${max}` : "0", max };
}

/**
 * Whether a key may be typed into the field: digits always; a period in decimal and currency
 * fields; a minus (any dash character) when negatives are allowed; control and navigation keys
 * and ctrl/cmd shortcuts always.
 */
export function acceptsKey(key: string, options: NumberFieldOptions, modifiers: KeyModifiers = {}): boolean {
  if (modifiers.ctrlKey || modifiers.metaKey || CONTROL_KEYS.has(key)) return true;
  if (/^[0-9]$/.test(key)) return true;
  if (key === ".") return options.format !== "digits";
  if ((MINUS_CHARACTERS as readonly string[]).includes(key)) return options.allowNegative === true;
  return false;
}

/**
 * Cleans what is in a number field on blur or change. Dash characters count as minus, but only as
 * a leading sign; other characters are dropped; a second period and everything after it is
 * dropped. Digit fields drop any fraction, currency fields round to two decimals and always show
 * them, decimal fields keep the digits typed. Values out of range are clamped to the nearest
 * limit. A field with nothing numeric in it is left blank ("" or, with notNull, zero).
 */
export function normaliseNumberInput(raw: string, options: NumberFieldOptions): string {
  const text = raw.trim().replace(MINUS, "-");
  const negative = text.startsWith("-") && options.allowNegative === true;
  const [whole = "", fraction] = text.replace(/[^0-9.]/g, "").split(".");
  if (whole === "" && !fraction) return options.notNull ? zeroFor(options.format) : "";
  const sign = negative ? "-" : "";
  const written = formatNumber(sign, whole, fraction ?? "", options.format);
  return clamp(written, options);
}

/** A field holding zero is emptied when it gets focus so the user can type straight away. */
export function valueOnFocus(value: string): string {
  const trimmed = value.trim().replace(MINUS, "-");
  return /^-?0*(\.0*)?$/.test(trimmed) && /0/.test(trimmed) ? "" : value;
}

function zeroFor(format: NumberFormat): string {
  return format === "currency" ? "0.00" : "0";
}

function formatNumber(sign: string, whole: string, fraction: string, format: NumberFormat): string {
  if (format === "currency") return formatCents(parseCurrencyToCents(`${sign}${whole}.${fraction}`));
  const integer = whole.replace(/^0+(?=\d)/, "") || "0";
  const written = format === "decimal" && fraction !== "" ? `${integer}.${fraction}` : integer;
  return Number(written) === 0 ? written : `${sign}${written}`;
}

function clamp(written: string, options: NumberFieldOptions): string {
  const { min, max } = numberFieldRange(options);
  const value = Number(written);
  if (value > Number(max)) return options.format === "currency" ? FRACTION_LIMIT : max;
  if (value < Number(min)) return min;
  return written;
}
