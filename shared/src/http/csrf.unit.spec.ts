import { describe, expect, it } from "vitest";
import { csrfHeaderFor, readCsrfCookie } from "./csrf.ts";

describe("CSRF header for browser requests", () => {
  it("reads the csrftoken cookie among others", () => {
    expect(readCsrfCookie("a=1; csrftoken=abc%2Ddef; b=2")).toBe("abc-def");
    expect(readCsrfCookie("sessionid=x")).toBeNull();
  });

  it("non-safe methods carry the token, safe ones do not", () => {
    expect(csrfHeaderFor("post", "csrftoken=t")).toBe("t");
    expect(csrfHeaderFor("DELETE", "csrftoken=t")).toBe("t");
    expect(csrfHeaderFor("GET", "csrftoken=t")).toBeNull();
    expect(csrfHeaderFor("PUT", "")).toBeNull();
  });
});
