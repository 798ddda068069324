import { createHmac, timingSafeEqual } from "node:crypto";

/** How old a signed notice may be (Stripe's own default): older ones may be replays. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Stripe's webhook signature scheme: the `Stripe-Signature` header is `t=<unix seconds>,v1=<hex>`
 * (several v1 while a secret is rolled), each v1 the HMAC-SHA256 of `${t}.${raw body}` with the
 * endpoint's secret. True when one v1 matches (compared in constant time) and t is within the tolerance.
 */
export function verifyStripeSignature(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = STRIPE_SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  if (!header) return false;
  const parts = header.split(",").map((p) => p.trim().split("=", 2) as [string, string | undefined]);
  const t = parts.find(([k]) => k === "t")?.[1];
  const signatures = parts.filter(([k, v]) => k === "v1" && v).map(([, v]) => v as string);
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${t}.`).update(rawBody).digest();
  return signatures.some((s) => {
    if (!/^[0-9a-f]{64}$/.test(s)) return false;
    return timingSafeEqual(Buffer.from(s, "hex"), expected);
  });
}

/** The header Stripe would send for `rawBody` at `t` (tests, and the local stand-in for Stripe). */
export function stripeSignatureHeader(rawBody: string, secret: string, t: number): string {
  const v1 = createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex");
  return `t=${t},v1=${v1}`;
}
