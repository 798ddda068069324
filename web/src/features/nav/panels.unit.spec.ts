import { describe, expect, it } from "vitest";
import { afterDocumentClick, togglePanel, toggleSubmenu } from "./panels";

describe("navigation panels (storefront §4)", () => {
  it("Panels toggle active/visible", () => {
    expect(togglePanel(null, "region")).toBe("region");
    expect(togglePanel("region", "region")).toBeNull();
  });
  it("opening one header panel closes the other", () => {
    expect(togglePanel<"region" | "search">("region", "search")).toBe("search");
  });
  it("Opening one closes on an outside click", () => {
    expect(afterDocumentClick([4], false, [])).toEqual([]);
    expect(afterDocumentClick([4], true, [])).toEqual([4]);
  });
  it("expandable submenus: opening one keeps its ancestors open and closes other branches", () => {
    expect(toggleSubmenu([2], 7, [2])).toEqual([2, 7]);
    expect(toggleSubmenu([2, 7], 9, [])).toEqual([9]);
    expect(toggleSubmenu([2, 7], 7, [2])).toEqual([2]);
  });
});
