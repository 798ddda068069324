import { readFileSync } from "node:fs";
import { stripeSignatureHeader } from "./stripe-signature.ts";
import { STRIPE_WEBHOOK_PATH } from "./stripe-webhook-router.ts";

/** The recorded Stripe events of services/src/payments/fixtures/webhooks/ (file names without .json). */
export type StripeEventFixtureName =
  | "payment-intent-succeeded"
  | "payment-intent-payment-failed"
  | "payment-intent-canceled"
  | "charge-refunded"
  | "charge-dispute-created"
  | "invoice-paid"
  | "invoice-payment-failed"
  | "customer-subscription-deleted";

/** The PaymentIntent the recorded events are about (the Stripe adapter's fixtures use it too), and its amount. */
export const RECORDED_PAYMENT_INTENT = "pi_3QfXkLJ2eZvKYlo21Ab9cDeF";
export const RECORDED_AMOUNT_CENTS = 5000;
/** The monthly gift (its first order's number) and the Subscription the recorded invoice events are about. */
export const RECORDED_MONTHLY_GIFT = "5001";
export const RECORDED_SUBSCRIPTION = "sub_1QfYbCJ2eZvKYlo2Mn0pQrSt";

export interface StripeEventPayload {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
  [field: string]: unknown;
}

/**
 * A recorded Stripe event as Stripe sends it, with what a test needs changed: its id (a new event, or
 * the same one redelivered), the PaymentIntent it names (the test's own order's payment reference)
 * and, for charge.refunded, Stripe's running total given back.
 */
export function stripeEventFixture(
  name: StripeEventFixtureName,
  change: {
    id?: string;
    paymentIntent?: string;
    /** The payment's amount (the test's own order's total). */
    amountCents?: number;
    amountRefundedCents?: number;
    created?: number;
  } = {},
): StripeEventPayload {
  const file = new URL(`./fixtures/webhooks/${name}.json`, import.meta.url);
  let text = readFileSync(file, "utf8");
  if (change.paymentIntent) text = text.replaceAll(RECORDED_PAYMENT_INTENT, change.paymentIntent);
  const { event } = JSON.parse(text) as { event: StripeEventPayload };
  if (change.id) event.id = change.id;
  if (change.created !== undefined) event.created = change.created;
  const object = event.data.object;
  if (change.amountCents !== undefined) {
    for (const field of ["amount", "amount_captured", "amount_received"])
      if (typeof object[field] === "number" && object[field] > 0) object[field] = change.amountCents;
    if (object.object === "charge") {
      const details = object.payment_method_details as { card: { amount_authorized: number } };
      details.card.amount_authorized = change.amountCents;
    }
  }
  if (change.amountRefundedCents !== undefined) {
    const charge = event.data.object;
    const refunds = charge.refunds as { data: Array<{ amount: number }> };
    charge.amount_refunded = change.amountRefundedCents;
    charge.refunded = change.amountRefundedCents === charge.amount;
    if (refunds.data[0]) refunds.data[0].amount = change.amountRefundedCents;
  }
  return event;
}

/** How to sign a delivery: with a secret at a time, as a header given as is, or not at all (null). */
export type StripeSigning = { secret: string; t: number } | { header: string } | null;

/**
 * POSTs `event` to the webhook as Stripe does: the JSON body as is, `Stripe-Signature` over exactly
 * those bytes, no cookie and no CSRF header.
 */
export async function deliverStripeEvent(
  baseUrl: string,
  event: unknown,
  signing: StripeSigning,
): Promise<{ status: number; json: unknown; text: string; headers: Headers }> {
  const body = JSON.stringify(event);
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
  };
  if (signing && "secret" in signing)
    headers["stripe-signature"] = stripeSignatureHeader(body, signing.secret, signing.t);
  else if (signing) headers["stripe-signature"] = signing.header;
  const res = await fetch(`${baseUrl}${STRIPE_WEBHOOK_PATH}`, { method: "POST", headers, body });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text, headers: res.headers };
}
