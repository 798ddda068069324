import { randomBytes } from "node:crypto";
import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { signedPosition, verifiedPosition, writtenBy } from "./written-cookie.ts";

const key = randomBytes(32);
const position = { major: 812n, minor: 40_017n };
const requestWith = (cookie: string, writtenKey: Buffer | null = key) =>
  ({ headers: { cookie: `written=${cookie}` }, writtenKey: writtenKey ?? undefined }) as unknown as Request;

describe("the `written` cookie is signed (issue 28, point 3)", () => {
  it("a position the server signed reads back", () => {
    expect(verifiedPosition(signedPosition(position, key), key)).toEqual(position);
    expect(writtenBy(requestWith(signedPosition(position, key)))).toEqual(position);
  });

  it("an unsigned, altered, foreign-key or damaged value names no write", () => {
    const signed = signedPosition(position, key);
    const mac = signed.split(".")[2];
    for (const forged of [
      "812.40017",
      `812.40018.${mac}`,
      `99999999999.1.${mac}`,
      signedPosition(position, randomBytes(32)),
      `${signed}x`,
      `${signed.slice(0, -1)}${signed.endsWith("A") ? "B" : "A"}`,
      "",
    ])
      expect([forged, verifiedPosition(forged, key)]).toEqual([forged, null]);
    // Without the key (readWrittenKey not mounted) nothing is trusted.
    expect(writtenBy(requestWith(signed, null))).toBeNull();
  });
});
