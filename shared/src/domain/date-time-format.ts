/** Options shared by the format checks: a blank value passes when the field may be left empty. */
export interface FormatOptions {
  allowEmpty?: boolean;
}

// Hours are optional and so are minutes, which gives the three forms h:m:s, m:s and s.
const TIME = /^(?:(?:([01]?\d|2[0-3]):)?([0-5]?\d):)?([0-5]?\d)$/;
const DATE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

function isBlank(value: string): boolean {
  return value.trim() === "";
}

/** A time of day: h:m:s, m:s or s with hours 0-23 and minutes and seconds 0-59. */
export function isTimeString(value: string, options: FormatOptions = {}): boolean {
  if (isBlank(value)) return options.allowEmpty === true;
  return TIME.test(value);
}

/** A date shaped YYYY-MM-DD with month 01-12 and day 01-31; see isRealCalendarDate for the calendar check. */
export function isDateString(value: string, options: FormatOptions = {}): boolean {
  if (isBlank(value)) return options.allowEmpty === true;
  return DATE.test(value);
}

/** A date string and a time string separated by one space. */
export function isDateTimeString(value: string, options: FormatOptions = {}): boolean {
  if (isBlank(value)) return options.allowEmpty === true;
  const space = value.indexOf(" ");
  if (space < 0) return false;
  return DATE.test(value.slice(0, space)) && TIME.test(value.slice(space + 1));
}

/** True when a YYYY-MM-DD string names a day that exists (2023-02-29 does not, 2024-02-29 does). */
export function isRealCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  // Day 0 of the next month is the last day of this one.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}
