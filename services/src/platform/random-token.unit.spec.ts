import { describe, expect, it } from "vitest";
import { randomToken } from "./random-token.ts";

describe("random tokens for cookies", () => {
  it("each token has the asked length and none repeats across pool refills", () => {
    const tokens = Array.from({ length: 2000 }, () => randomToken(18)); // about nine refills of the pool
    expect(tokens.every((t) => Buffer.from(t, "base64url").length === 18)).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
