import { describe, expect, it } from "vitest";
import { listUrlState } from "./listUrlState";

describe("list state in the URL", () => {
  it("back office 9: an old bookmark keeps the state in the hash; the query string wins where both have it", () => {
    expect(listUrlState("", "#start=40&sort=-name").params.toString()).toBe("start=40&sort=-name");
    expect(listUrlState("", "#!start=20&q=ark")).toEqual({
      params: new URLSearchParams("start=20&q=ark"),
      fromHash: true,
    });
    expect(listUrlState("?start=0&q=flood", "#start=40&sort=-name").params.toString()).toBe(
      "start=0&q=flood&sort=-name",
    );
    expect(listUrlState("?start=20", "")).toEqual({ params: new URLSearchParams("start=20"), fromHash: false });
    // A hash that is only an anchor adds nothing.
    expect(listUrlState("?start=20", "#results").fromHash).toBe(false);
  });
});
