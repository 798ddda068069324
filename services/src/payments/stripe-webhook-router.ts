import express, { Router } from "express";
import type { Kysely } from "kysely";
import { z } from "zod";
import {
  NotFoundError,
  NotVisibleYetError,
  StripeEventTaken,
  stripeEventStream,
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type LogPosition,
} from "@shop/shared";
import type { Database } from "@shop/projections";
import { onceDecider, RETRY, runCommand } from "../platform/command-handler.ts";
import { errorAnswer } from "../platform/http/error-answers.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import {
  cancelUnpaidFromGateway,
  disputeFromGateway,
  orderNumberForPayment,
  refundFromGateway,
  type GatewayOutcome,
} from "../orders/gateway-events.ts";
import { monthlyGiftFromGateway } from "../monthly-gifts/monthly-gift-notices.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { stripeMonthlyNotice } from "./stripe-monthly.ts";
import { verifyStripeSignature } from "./stripe-signature.ts";

export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook/";

export const STRIPE_SIGNATURE_REFUSED =
  "The Stripe-Signature header is missing, does not match this endpoint's secret or is too old.";

export interface StripeWebhookDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  /** Ends a monthly gift's subscription (a gift the gateway ended is only recorded, never asked again). */
  gateway: PaymentGateway;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
  /** SITE_URL: the links in a monthly gift's mails. */
  siteUrl: string;
  /** STRIPE_WEBHOOK_SECRET (whsec_…): without it the endpoint is not served. */
  stripeWebhookSecret?: string;
}

/** The fields of a Stripe event this endpoint reads; the rest of Stripe's object is left alone. */
const StripeEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const PaymentIntentObject = z.object({ id: z.string() });
const ChargeObject = z.object({ payment_intent: z.string().nullable().optional(), amount_refunded: z.number().int() });
const DisputeObject = z.object({ payment_intent: z.string().nullable().optional(), reason: z.string().optional() });

const takenDecider = onceDecider([StripeEventTaken]);

export const STRIPE_ORDERS_BEHIND =
  "The orders are not all readable yet (the read model is catching up); Stripe delivers the event again later.";

/** The orders read model could not catch up with the log: the event is left for Stripe's next delivery. */
class OrdersBehind extends Error {}

/**
 * POST /api/payments/stripe/webhook/: Stripe's notices about payments. The signature is the check
 * (no session, no CSRF header: it is mounted before both); the body is read raw, as signed. A notice
 * about a payment the shop has no order for is answered 2xx and ignored; each event id is recorded
 * once (`StripeEventTaken`), so a redelivery changes nothing.
 */
export function makeStripeWebhookRouter(deps: StripeWebhookDeps): Router {
  const router = Router();
  router.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: "1mb" }), async (req, res, next) => {
    const secret = deps.stripeWebhookSecret;
    if (!secret) return next(new NotFoundError());
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const now = deps.clock();
    if (!verifyStripeSignature(req.get("stripe-signature"), raw, secret, Math.floor(now.getTime() / 1000))) {
      const { status, body } = errorAnswer("INVALID_REQUEST", STRIPE_SIGNATURE_REFUSED);
      return res.status(status).json(body);
    }
    let parsed: z.infer<typeof StripeEvent>;
    try {
      parsed = StripeEvent.parse(JSON.parse(raw.toString("utf8")));
    } catch {
      const { status, body } = errorAnswer("INVALID_REQUEST", "The body is not a Stripe event.");
      return res.status(status).json(body);
    }
    const stream = stripeEventStream(parsed.id);
    if ((await deps.store.readStream(stream)).length > 0)
      return res.json({ metadata: { success: true }, received: true, duplicate: true });
    const metadata = eventMetadata(req);
    let acted: Awaited<ReturnType<typeof actOn>>;
    try {
      acted = await actOn(deps, parsed, metadata);
    } catch (error) {
      if (!(error instanceof OrdersBehind)) throw error;
      // Not claimed: Stripe retries a non-2xx answer for days, by when the read model has caught up.
      const { status, body } = errorAnswer("NOT_VISIBLE_YET", STRIPE_ORDERS_BEHIND);
      return res.status(status).set("Retry-After", "60").json(body);
    }
    const { number, outcome } = acted;
    try {
      await runCommand(
        deps.store,
        stream,
        takenDecider,
        RETRY.refuse,
        () => [
          {
            type: "StripeEventTaken" as const,
            data: { eventId: parsed.id, type: parsed.type, orderNumber: number, at: now.toISOString() },
          },
        ],
        { metadata, assumeNew: true },
      );
    } catch (error) {
      // Another delivery of the same event recorded it meanwhile: what it did is done once (the order
      // commands decide on the order's state), so this one has nothing more to do.
      if (!(error instanceof WrongExpectedVersionError)) throw error;
    }
    // Refused or stale: Stripe's record and the order's differ (money refunded on an order that cannot
    // take a refund, a failure notice about a captured payment); the order is left as it is and
    // `ops reconcile` shows the difference.
    const level = outcome === "refused" || outcome === "stale" ? "warn" : "info";
    req.log[level]({ stripeEvent: parsed.id, type: parsed.type, order: number, outcome }, "stripe webhook");
    res.json({ metadata: { success: true }, received: true });
  });
  return router;
}

async function actOn(
  deps: StripeWebhookDeps,
  event: z.infer<typeof StripeEvent>,
  metadata: EventMetadata,
): Promise<{ number: string | null; outcome: GatewayOutcome | "ignored" }> {
  const object = event.data.object;
  const intentOf = (id: string | null | undefined) => orderOfPayment(deps, id);
  switch (event.type) {
    case "payment_intent.succeeded": {
      // The order records its own capture when it is placed: nothing to add (and Stripe sends this as
      // the shop captures, before the order is appended: no waiting for it).
      const intent = PaymentIntentObject.safeParse(object);
      return {
        number: intent.success ? await orderNumberForPayment(deps.db, intent.data.id) : null,
        outcome: "nothing",
      };
    }
    case "payment_intent.payment_failed":
    case "payment_intent.canceled": {
      const intent = PaymentIntentObject.safeParse(object);
      const number = intent.success ? await intentOf(intent.data.id) : null;
      if (!number) return { number, outcome: "ignored" };
      const why = event.type === "payment_intent.canceled" ? "Payment cancelled in Stripe" : "Payment failed in Stripe";
      return { number, outcome: await cancelUnpaidFromGateway(deps, { number, why }, metadata) };
    }
    case "charge.refunded": {
      const charge = ChargeObject.safeParse(object);
      const reference = charge.success ? charge.data.payment_intent : null;
      const number = await intentOf(reference);
      if (!number || !charge.success || !reference) return { number, outcome: "ignored" };
      const refund = { number, refundedTotalCents: charge.data.amount_refunded, reference };
      return { number, outcome: await refundFromGateway(deps, refund, metadata) };
    }
    case "charge.dispute.created": {
      const dispute = DisputeObject.safeParse(object);
      const number = dispute.success ? await intentOf(dispute.data.payment_intent) : null;
      if (!number || !dispute.success) return { number, outcome: "ignored" };
      const reason = dispute.data.reason ?? "";
      return { number, outcome: await disputeFromGateway(deps, { number, reason }, metadata) };
    }
    case "invoice.paid":
    case "invoice.payment_failed":
    case "customer.subscription.deleted": {
      // A monthly gift's month, or its subscription ended at Stripe (issue 26 §5).
      const notice = stripeMonthlyNotice(event.type, object);
      if (!notice) return { number: null, outcome: "ignored" };
      const gift = "charge" in notice ? notice.charge.gift : notice.ended.gift;
      return { number: gift, outcome: await monthlyGiftFromGateway(deps, notice, metadata) };
    }
    default:
      return { number: null, outcome: "ignored" };
  }
}

/**
 * The order a PaymentIntent paid for. Not found while the orders read model is behind the log (after a
 * restart that rebuilds it, or a lost database connection), it waits for the model to reach the log's
 * head; when it cannot, `OrdersBehind`: a refund or dispute is never dropped as "unknown" only because
 * the read model had not caught up.
 */
async function orderOfPayment(deps: StripeWebhookDeps, reference: string | null | undefined): Promise<string | null> {
  if (!reference) return null;
  const found = await orderNumberForPayment(deps.db, reference);
  if (found) return found;
  // The app's wait throws NotVisibleYetError when the model does not catch up in time (read-your-writes).
  const caughtUp = await deps.waitForProjections(await deps.store.head(), ["orders"]).catch((error: unknown) => {
    if (error instanceof NotVisibleYetError) return false;
    throw error;
  });
  if (!caughtUp) throw new OrdersBehind();
  return orderNumberForPayment(deps.db, reference);
}
