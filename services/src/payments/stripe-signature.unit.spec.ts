import { describe, expect, it } from "vitest";
import {
  STRIPE_SIGNATURE_TOLERANCE_SECONDS,
  stripeSignatureHeader,
  verifyStripeSignature,
} from "./stripe-signature.ts";

const SECRET = "whsec_test_secret";
const T = 1764000000;
const BODY = '{"id":"evt_1","object":"event"}';
/** HMAC-SHA256("whsec_test_secret", "1764000000." + BODY), computed apart (Python's hmac), not by the code under test. */
const V1 = "b261bff1f34b3109cfac04e8009151c1e52519f57ba7e5f37fdaa9bb5caf61ca";
const raw = Buffer.from(BODY);
const verify = (header: string | undefined, now = T, body = raw) => verifyStripeSignature(header, body, SECRET, now);

describe("money 2: Stripe's signature scheme", () => {
  it("money 2: t=…,v1=… is the HMAC-SHA256 of `t.body` under the endpoint's secret", () => {
    expect(stripeSignatureHeader(BODY, SECRET, T)).toBe(`t=${T},v1=${V1}`);
    expect(verify(`t=${T},v1=${V1}`)).toBe(true);
  });

  it("money 2: any one of several v1 may match; other schemes and spaces are ignored", () => {
    const other = "0".repeat(64);
    expect(verify(`t=${T},v1=${other},v1=${V1}`)).toBe(true);
    expect(verify(`t=${T}, v0=${other}, v1=${V1}`)).toBe(true);
    expect(verify(`t=${T},v0=${V1}`)).toBe(false);
  });

  it("money 2: the timestamp may be at most 300 s away from now, either way", () => {
    expect(STRIPE_SIGNATURE_TOLERANCE_SECONDS).toBe(300);
    expect(verify(`t=${T},v1=${V1}`, T + 300)).toBe(true);
    expect(verify(`t=${T},v1=${V1}`, T - 300)).toBe(true);
    expect(verify(`t=${T},v1=${V1}`, T + 301)).toBe(false);
    expect(verify(`t=${T},v1=${V1}`, T - 301)).toBe(false);
  });

  it("money 2: the body is checked byte for byte, and a changed timestamp breaks the signature", () => {
    expect(verify(`t=${T},v1=${V1}`, T, Buffer.from(`${BODY} `))).toBe(false);
    expect(verify(`t=${T + 1},v1=${V1}`, T)).toBe(false);
  });

  it("money 2: a missing, empty or malformed header is refused without throwing", () => {
    for (const header of [
      undefined,
      "",
      "garbage",
      `v1=${V1}`,
      `t=${T}`,
      `t=${T},v1=`,
      `t=abc,v1=${V1}`,
      `t=${T},v1=${V1.slice(0, 62)}`,
      `t=${T},v1=${V1}00`,
      `t=${T},v1=${V1.toUpperCase()}`,
    ])
      expect([header, verify(header)]).toEqual([header, false]);
  });
});
