import { describe, expect, it } from "vitest";
import { siteToday } from "./catalog-cards.ts";

describe("today on the site's calendar", () => {
  it("is the date in the site's time zone, each zone its own, however the calls interleave", () => {
    const lateEvening = new Date("2026-11-28T03:30:00Z"); // 22:30 on the 27th in New York
    expect(siteToday(lateEvening, "America/New_York")).toBe("2026-11-27");
    expect(siteToday(lateEvening, "UTC")).toBe("2026-11-28");
    expect(siteToday(lateEvening, "America/New_York")).toBe("2026-11-27");
    expect(siteToday(new Date("2026-11-28T05:00:00Z"), "America/New_York")).toBe("2026-11-28");
  });
});
