import { describe, expect, it } from "vitest";
import { isDateString, isDateTimeString, isRealCalendarDate, isTimeString } from "./date-time-format.ts";

describe("time strings take the forms h:m:s, m:s or s with hours 0-23 and minutes/seconds 0-59", () => {
  it.each([
    ["23:59:59", true],
    ["0:0:0", true],
    ["9:05", true],
    ["59", true],
    ["5", true],
    ["24:00:00", false],
    ["12:60:00", false],
    ["12:00:60", false],
    ["60", false],
    ["1:2:3:4", false],
    ["12:", false],
    ["ab", false],
    ["", false],
  ])("%j is %s", (value, expected) => {
    expect(isTimeString(value)).toBe(expected);
  });
});

describe("date strings are YYYY-MM-DD with month 01-12 and day 01-31", () => {
  it.each([
    ["2024-01-31", true],
    ["2024-12-01", true],
    ["2024-02-31", true], // shape only; isRealCalendarDate checks the calendar
    ["2024-00-10", false],
    ["2024-13-10", false],
    ["2024-01-00", false],
    ["2024-01-32", false],
    ["2024-1-05", false],
    ["24-01-05", false],
    ["2024/01/05", false],
    ["", false],
  ])("%j is %s", (value, expected) => {
    expect(isDateString(value)).toBe(expected);
  });
});

describe("a date-time is a date and a time separated by a space", () => {
  it.each([
    ["2024-05-06 14:30", true],
    ["2024-05-06 14:30:15", true],
    ["2024-05-06 5", true],
    ["2024-05-06T14:30", false],
    ["2024-05-06", false],
    ["2024-05-06 25:00:00", false],
    ["2024-13-06 14:30", false],
  ])("%j is %s", (value, expected) => {
    expect(isDateTimeString(value)).toBe(expected);
  });
});

describe("each format may allow empty", () => {
  it.each([
    ["time", isTimeString],
    ["date", isDateString],
    ["date-time", isDateTimeString],
  ])("an empty %s passes only with allowEmpty", (_name, check) => {
    expect(check("", { allowEmpty: true })).toBe(true);
    expect(check("  ", { allowEmpty: true })).toBe(true);
    expect(check("")).toBe(false);
  });
});

describe("API date strings must be real calendar dates", () => {
  it.each([
    ["2023-02-29", false],
    ["2024-02-29", true],
    ["1900-02-29", false],
    ["2000-02-29", true],
    ["2024-04-31", false],
    ["2024-04-30", true],
    ["2024-12-31", true],
    ["not a date", false],
  ])("%j is %s", (value, expected) => {
    expect(isRealCalendarDate(value)).toBe(expected);
  });
});
