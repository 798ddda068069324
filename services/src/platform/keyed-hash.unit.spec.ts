import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hmacSha256 } from "./keyed-hash.ts";

describe("keyed hash", () => {
  it("gives createHmac's digest for a Buffer key and a text key, each time", () => {
    const key = randomBytes(32);
    for (const text of ["v-AQ2sDqkHyr2wlWgbR2-rO1FW", "", "é"]) {
      for (let i = 0; i < 2; i++) {
        expect(hmacSha256(key).update(text).digest("base64url")).toBe(
          createHmac("sha256", key).update(text).digest("base64url"),
        );
        expect(hmacSha256("sécret").update(text).digest("hex")).toBe(
          createHmac("sha256", "sécret").update(text).digest("hex"),
        );
      }
    }
  });

  it("two keys with the same bytes in different Buffers, and different keys, are each their own", () => {
    const a = randomBytes(32);
    const b = Buffer.from(a);
    const c = randomBytes(32);
    const mac = (key: Buffer) => hmacSha256(key).update("id").digest("hex");
    expect(mac(a)).toBe(mac(b));
    expect(mac(a)).not.toBe(mac(c));
    expect(mac(c)).toBe(createHmac("sha256", c).update("id").digest("hex"));
  });
});
