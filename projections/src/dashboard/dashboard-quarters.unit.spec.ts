import { describe, expect, it } from "vitest";

/** The zone's offset from UTC at `at`, in minutes, as Intl (the tz database Node carries) gives it. */
function offsetMinutes(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return Math.round((local - at.getTime()) / 60_000);
}

// The dashboard keeps its figures by quarter hour (dashboard-projection.ts): exact days and months
// wherever every offset is a whole number of quarter hours, winter and summer, since the shop can exist.
describe("spec 26.10: the dashboard's quarter-hour rows fit every time zone's midnight", () => {
  it("spec 26.10: every IANA zone Node knows is a whole number of quarter hours off UTC, in January and July 2020–2030", () => {
    // ICU lists some zones under their older names (Asia/Calcutta): the current ones are named here too.
    const zones = [...Intl.supportedValuesOf("timeZone"), "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe"];
    expect(zones.length).toBeGreaterThan(300);
    const odd: string[] = [];
    for (const zone of zones)
      for (let year = 2020; year <= 2030; year++)
        for (const month of [0, 6]) {
          const offset = offsetMinutes(zone, new Date(Date.UTC(year, month, 15, 12)));
          if (offset % 15 !== 0) odd.push(`${zone} ${year}-${month + 1}: ${offset} min`);
        }
    expect(odd).toEqual([]);
    expect(offsetMinutes("Asia/Kolkata", new Date("2027-03-01T18:15:00Z"))).toBe(330);
    expect(offsetMinutes("Asia/Kathmandu", new Date("2027-03-01T18:15:00Z"))).toBe(345);
  });
});
