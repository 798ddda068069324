import { describe, expect, it } from "vitest";
import { FORM_MESSAGES } from "./messages.ts";
import {
  formatSiteTime,
  formatSiteTimeInput,
  isTimeZone,
  siteTimeProblemMessage,
  siteTimeToUtc,
  timeZoneLabel,
} from "./site-time.ts";

const NY = "America/New_York";
const utc = (text: string, zone = NY) => {
  const result = siteTimeToUtc(text, zone);
  return result.ok ? result.iso : result.problem;
};

describe("code health 8: times staff type in the site's zone", () => {
  it("a typed time is read in the site's zone, in winter and in summer", () => {
    expect(utc("2026-01-15 09:30")).toBe("2026-01-15T14:30:00.000Z");
    expect(utc("2026-07-15 09:30")).toBe("2026-07-15T13:30:00.000Z");
    expect(utc("2026-07-15 9:05:07")).toBe("2026-07-15T13:05:07.000Z");
    expect(utc("2026-07-15 09:30", "UTC")).toBe("2026-07-15T09:30:00.000Z");
  });

  it("a time the clocks skip (2026-03-08 02:30 in New York) is refused with the first time that exists", () => {
    const problem = utc("2026-03-08 02:30");
    expect(problem).toEqual({ kind: "skipped", zone: NY, firstValid: "2026-03-08 03:00" });
    expect(siteTimeProblemMessage(problem as never, FORM_MESSAGES.invalidDateTime)).toBe(
      "That time does not exist in Eastern Time (America/New_York): the clocks go forward then. Enter 2026-03-08 03:00 or later.",
    );
    expect(utc("2026-03-08 01:59")).toBe("2026-03-08T06:59:00.000Z");
    expect(utc("2026-03-08 03:00")).toBe("2026-03-08T07:00:00.000Z");
  });

  it("a time that happens twice (2026-11-01 01:30) is the first, in daylight time; an offset names the second", () => {
    expect(utc("2026-11-01 01:30")).toBe("2026-11-01T05:30:00.000Z");
    expect(utc("2026-11-01T01:30-05:00")).toBe("2026-11-01T06:30:00.000Z");
    expect(utc("2026-11-01 02:00")).toBe("2026-11-01T07:00:00.000Z");
  });

  it("anything else is not a time", () => {
    for (const text of [
      "2026-02-30 10:00",
      "2026-13-01 10:00",
      "2026-01-01 24:00",
      "2026-01-01 10:60",
      "2026-01-01",
      "tomorrow",
      "",
      "2026-02-30T10:00Z",
    ]) {
      expect(utc(text)).toEqual({ kind: "invalid" });
    }
  });

  it("times are shown in the site's zone with its abbreviation, and inputs round-trip", () => {
    expect(formatSiteTimeInput("2026-11-01T05:30:00.000Z", NY)).toBe("2026-11-01 01:30");
    expect(formatSiteTimeInput("2026-11-01T06:30:00.000Z", NY)).toBe("2026-11-01 01:30");
    expect(formatSiteTime("2026-11-01T05:30:00.000Z", NY)).toBe("Nov 1, 2026, 1:30 AM EDT");
    expect(formatSiteTime("2026-11-01T06:30:00.000Z", NY)).toBe("Nov 1, 2026, 1:30 AM EST");
    expect(formatSiteTime("2026-11-01T06:30:09.000Z", NY, { seconds: true, timeOnly: true })).toBe("1:30:09 AM EST");
    for (const iso of ["2026-01-15T14:30:00.000Z", "2026-07-15T13:30:00.000Z", "2026-03-08T07:00:00.000Z"]) {
      expect(utc(formatSiteTimeInput(iso, NY))).toBe(iso);
    }
  });

  it("zones are IANA names the runtime knows", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Europe/Paris")).toBe(true);
    for (const bad of ["Eastern", "America/Nowhere", "+05:00", ""]) expect(isTimeZone(bad)).toBe(false);
    expect(timeZoneLabel(NY)).toBe("Eastern Time (America/New_York)");
    expect(timeZoneLabel("UTC")).toBe("UTC");
  });
});
