import { z } from "zod";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";
import { STRIPE_WEBHOOK_PATH } from "./stripe-webhook-router.ts";

/** Stripe's notices: signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature), no session, no CSRF header. */
export const STRIPE_WEBHOOK_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: STRIPE_WEBHOOK_PATH,
    refusals: ["NOT_FOUND"],
    summary:
      "Stripe webhook: a Stripe event (payment_intent.*, charge.refunded, charge.dispute.created; for monthly gifts invoice.paid, invoice.payment_failed, customer.subscription.deleted) signed in the Stripe-Signature header; 400 when the signature is missing, wrong or older than 300 s; 404 when STRIPE_WEBHOOK_SECRET is not set; 503 (Retry-After, event not taken) while the orders read model cannot catch up",
    body: z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) }),
    fields: { received: z.boolean(), duplicate: z.boolean().optional() },
    // Stripe signs no CSRF token: the signature is the check.
  },
];
