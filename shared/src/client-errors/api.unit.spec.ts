import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_MAX_BYTES, CLIENT_ERROR_RATE, CLIENT_ERRORS_PER_PAGE, ClientErrorReport } from "./api.ts";

describe("client error report", () => {
  it("size cap: 8 KB a report; rate: 20 a minute per address; 10 a page", () => {
    expect(CLIENT_ERROR_MAX_BYTES).toBe(8192);
    expect(CLIENT_ERROR_RATE).toEqual({ points: 20, windowSeconds: 60 });
    expect(CLIENT_ERRORS_PER_PAGE).toBe(10);
  });
  it("a long message or stack is cut, not refused", () => {
    const parsed = ClientErrorReport.parse({
      kind: "script",
      message: "m".repeat(5000),
      page: "/",
      stack: "s".repeat(9000),
    });
    expect(parsed.message).toHaveLength(1000);
    expect(parsed.stack).toHaveLength(4000);
  });
  it("kind is script or request", () => {
    expect(ClientErrorReport.safeParse({ kind: "other", message: "m", page: "/" }).success).toBe(false);
  });
});
