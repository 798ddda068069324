import type { FormatOptions } from "./date-time-format.ts";

// Letters mean ASCII letters: these checks guard codes and identifiers, not people's names.
const INTEGER = /^\d+$/;
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
const ALPHA = /^[A-Za-z]+$/;
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
const IP_LITERAL = /^\[(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\]$/;

function check(pattern: RegExp, value: string, options: FormatOptions): boolean {
  if (value.trim() === "") return options.allowEmpty === true;
  return pattern.test(value);
}

/** Digits only (no sign, no decimal point). */
export function isIntegerString(value: string, options: FormatOptions = {}): boolean {
  return check(INTEGER, value, options);
}

/** ASCII letters and digits only. */
export function isAlphanumeric(value: string, options: FormatOptions = {}): boolean {
  return check(ALPHANUMERIC, value, options);
}

/** ASCII letters only. */
export function isAlpha(value: string, options: FormatOptions = {}): boolean {
  return check(ALPHA, value, options);
}

/**
 * A basic email address: local-part@domain where the domain ends in a suffix of at least two
 * letters, or is an IPv4 literal such as user@[192.168.0.1]. Surrounding spaces are not allowed.
 */
export function isEmailAddress(value: string, options: FormatOptions = {}): boolean {
  if (value.trim() === "") return options.allowEmpty === true;
  const at = value.lastIndexOf("@");
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!LOCAL_PART.test(local)) return false;
  if (DOMAIN_NAME.test(domain)) return true;
  const ip = IP_LITERAL.exec(domain);
  if (!ip) return false;
  return ip.slice(1).every((octet) => Number(octet) <= 255);
}
