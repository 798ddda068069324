import { COUNTRIES } from "./country-list.ts";
import { isUnitedStates } from "./us-states.ts";

export { COUNTRIES };

const byName = new Map(COUNTRIES.map(([code, name]) => [name.toLowerCase(), code]));
const codes = new Set(COUNTRIES.map(([code]) => code));

/**
 * The ISO code of a country as an address holds it: a code ('ca', 'GB'), a name of the list
 * ('Canada'), or one of the US's spellings ('USA', 'U.S.'); null for anything else (kept as typed).
 */
export function countryCodeOf(country: string): string | null {
  const text = country.trim();
  if (isUnitedStates(text)) return "US";
  if (codes.has(text.toUpperCase())) return text.toUpperCase();
  return byName.get(text.toLowerCase()) ?? null;
}
