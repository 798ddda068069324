import { Temporal } from "temporal-polyfill";

/**
 * The site's time zone: staff type and read back-office times in it, the server stores and sends
 * UTC. Set by SITE_TIME_ZONE; the admin learns it from GET /admin/api/site/.
 */
export const DEFAULT_SITE_TIME_ZONE = "America/New_York";

/** True for a time zone name the runtime knows (IANA, e.g. America/New_York, or UTC); offsets like +05:00 are not zones. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z]/.test(name)) return false;
  try {
    Temporal.Now.zonedDateTimeISO(name);
    return true;
  } catch {
    return false;
  }
}

/** 'Eastern Time (America/New_York)': what the admin shows next to time inputs. */
export function timeZoneLabel(zone: string): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" })
    .formatToParts(new Date())
    .find((p) => p.type === "timeZoneName")?.value;
  // Zones without a generic name (UTC, Etc/GMT+5) read as "GMT+00:00": the IANA name says more.
  return name && !name.startsWith("GMT") ? `${name} (${zone})` : zone;
}

const LOCAL = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Why a typed time names no instant: not a date-time at all, or a wall-clock time the zone skips (DST gap). */
export type SiteTimeProblem = { kind: "invalid" } | { kind: "skipped"; zone: string; firstValid: string };

export type SiteTimeResult = { ok: true; iso: string } | { ok: false; problem: SiteTimeProblem };

/**
 * A time as staff type it, 'yyyy-mm-dd hh:mm[:ss]' in `zone`, as a UTC ISO string. An ISO string with
 * Z or an offset is taken as it says (the way to name the second 01:30 of a night the clocks go back).
 * A time the clocks skip (2026-03-08 02:30 in New York) is refused; a time that happens twice
 * (2026-11-01 01:30) is the first one, in daylight time.
 */
export function siteTimeToUtc(text: string, zone: string): SiteTimeResult {
  const value = text.trim();
  if (WITH_OFFSET.test(value)) {
    try {
      return { ok: true, iso: Temporal.Instant.from(value).toString({ smallestUnit: "millisecond" }) };
    } catch {
      return { ok: false, problem: { kind: "invalid" } };
    }
  }
  const match = LOCAL.exec(value);
  if (!match) return { ok: false, problem: { kind: "invalid" } };
  const [, date, h, m, s] = match;
  let local: Temporal.PlainDateTime;
  try {
    local = Temporal.PlainDateTime.from(`${date}T${h.padStart(2, "0")}:${m}:${s ?? "00"}`, { overflow: "reject" });
  } catch {
    return { ok: false, problem: { kind: "invalid" } };
  }
  const earlier = local.toZonedDateTime(zone, { disambiguation: "earlier" });
  // In a gap neither candidate shows the typed wall-clock time; in an overlap both do.
  if (!earlier.toPlainDateTime().equals(local)) {
    const clocksChange = earlier.getTimeZoneTransition("next") ?? earlier;
    return { ok: false, problem: { kind: "skipped", zone, firstValid: formatPlain(clocksChange) } };
  }
  return { ok: true, iso: earlier.toInstant().toString({ smallestUnit: "millisecond" }) };
}

const formatPlain = (zoned: Temporal.ZonedDateTime) =>
  zoned.toPlainDateTime().toString({ smallestUnit: "minute" }).replace("T", " ");

/** The error a form shows for a time that names no instant. */
export function siteTimeProblemMessage(problem: SiteTimeProblem, invalidMessage: string): string {
  if (problem.kind === "invalid") return invalidMessage;
  return `That time does not exist in ${timeZoneLabel(problem.zone)}: the clocks go forward then. Enter ${problem.firstValid} or later.`;
}

/** A UTC instant as 'yyyy-mm-dd hh:mm' in `zone`: what a time input shows and sends back. */
export function formatSiteTimeInput(iso: string | Date, zone: string): string {
  const instant = Temporal.Instant.fromEpochMilliseconds(new Date(iso).getTime());
  return formatPlain(instant.toZonedDateTimeISO(zone));
}

const displayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A UTC instant for reading, in `zone` with the zone's abbreviation: 'Nov 1, 2026, 1:30 AM EDT'
 * (`seconds` adds them, `timeOnly` leaves the date out).
 */
export function formatSiteTime(
  iso: string | Date,
  zone: string,
  options: { seconds?: boolean; timeOnly?: boolean } = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  const key = `${zone}|${options.seconds ? 1 : 0}|${options.timeOnly ? 1 : 0}`;
  let format = displayFormats.get(key);
  if (!format) {
    const day = options.timeOnly ? {} : ({ year: "numeric", month: "short", day: "numeric" } as const);
    format = new Intl.DateTimeFormat("en-US", {
      ...day,
      hour: "numeric",
      minute: "2-digit",
      ...(options.seconds ? { second: "2-digit" } : {}),
      timeZone: zone,
      timeZoneName: "short",
    });
    displayFormats.set(key, format);
  }
  return format.format(date);
}

/** GET /admin/api/site/ (besides `metadata`). */
export interface SiteAnswer {
  /** IANA name of SITE_TIME_ZONE. */
  time_zone: string;
}
