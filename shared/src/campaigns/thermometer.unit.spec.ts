import { describe, expect, it } from "vitest";
import { renderThermometer, thermometerFill } from "./thermometer.ts";

describe("spec 26.5: the thermometer shows progress from the first dollar", () => {
  it("spec 26.5: $25 of $500,000 is a visible sliver; nothing raised is empty; the goal reached is full", () => {
    expect(thermometerFill(2500, 50_000_000)).toBe("max(0.75rem, 0.005%)");
    expect(thermometerFill(0, 50_000_000)).toBe("0%");
    expect(thermometerFill(25_000_000, 50_000_000)).toBe("max(0.75rem, 50%)");
    expect(thermometerFill(60_000_000, 50_000_000)).toBe("100%");
    expect(thermometerFill(2500, 0)).toBe("0%");
  });
  it("spec 26.5: the server's thermometer block draws the same sliver", () => {
    const html = renderThermometer({
      campaign: "ark-main",
      name: "The Ark campaign",
      raisedCents: 2500,
      goalCents: 50_000_000,
      donors: 1,
    });
    expect(html).toContain('<div class="thermometer-fill" style="width:max(0.75rem, 0.005%)"></div>');
  });
});
