import { describe, expect, it } from "vitest";
import { formatActionTime, parseActionTime } from "./api.ts";

describe("scheduled action times", () => {
  it("'yyyy-mm-dd hh:mm' without a zone is UTC", () => {
    expect(parseActionTime("2030-06-01 09:30")?.toISOString()).toBe("2030-06-01T09:30:00.000Z");
    expect(parseActionTime("2030-06-01 9:05:07")?.toISOString()).toBe("2030-06-01T09:05:07.000Z");
  });

  it("an ISO time with Z or an offset is taken as it says", () => {
    expect(parseActionTime("2030-07-01T12:00:00+02:00")?.toISOString()).toBe("2030-07-01T10:00:00.000Z");
    expect(parseActionTime("2030-07-01T12:00Z")?.toISOString()).toBe("2030-07-01T12:00:00.000Z");
  });

  it("a day or time that doesn't exist is no action time", () => {
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
      expect(parseActionTime(text)).toBeNull();
    }
    expect(parseActionTime("2024-02-29 10:00")).not.toBeNull();
  });

  it("answers show the time as 'yyyy-mm-dd hh:mm' in UTC", () => {
    expect(formatActionTime("2030-07-01T10:00:59.000Z")).toBe("2030-07-01 10:00");
  });
});
