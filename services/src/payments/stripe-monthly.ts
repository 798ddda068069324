import { z } from "zod";
import type { MonthlyCharge, MonthlyGateway } from "./payment-gateway.ts";
import { StripeApiError, type StripeApi } from "./stripe-api.ts";

/** The subscription's (and its customer's) metadata key naming our monthly gift. */
export const GIFT_KEY = "shop_monthly_gift";

const PaymentMethodOfIntent = z.object({
  id: z.string(),
  payment_method: z.union([z.string(), z.object({ id: z.string() })]).nullable(),
});
const Created = z.object({ id: z.string() });
const Subscription = z.object({ id: z.string(), object: z.literal("subscription"), status: z.string() });

/** The first day of the next month's charge: a month after `now` (Stripe bills from it, as a trial's end). */
export function nextMonthOf(now: Date): Date {
  const next = new Date(now);
  next.setUTCMonth(next.getUTCMonth() + 1);
  // 31 January + 1 month is 3 March in Date arithmetic: keep to the month's last day instead.
  if (next.getUTCDate() !== now.getUTCDate()) next.setUTCDate(0);
  return next;
}

/**
 * Monthly gifts on Stripe: the card of the first month's PaymentIntent (made with
 * setup_future_usage=off_session) becomes a Customer's default payment method, a Product names the
 * gift, and a Subscription with `price_data` (monthly, the gift's amount) starts with a trial to a
 * month from now, so the month already paid is not charged twice. Every POST has an idempotency key
 * made of the gift's id: a retried start creates nothing twice.
 */
export function createStripeMonthly(api: StripeApi, currency: string): MonthlyGateway {
  return {
    async startMonthly({ gift, amountCents, paidWith, email, description, now }) {
      const intent = PaymentMethodOfIntent.parse(await api("GET", `/v1/payment_intents/${paidWith}`));
      const method = typeof intent.payment_method === "string" ? intent.payment_method : intent.payment_method?.id;
      if (!method) throw new Error(`Stripe ${paidWith} has no payment method to repeat`);
      const customer = Created.parse(
        await api("POST", "/v1/customers", {
          form: {
            email,
            payment_method: method,
            invoice_settings: { default_payment_method: method },
            metadata: { [GIFT_KEY]: gift },
          },
          idempotencyKey: `monthly-customer-${gift}`,
        }),
      );
      const product = Created.parse(
        await api("POST", "/v1/products", {
          form: { name: description, metadata: { [GIFT_KEY]: gift } },
          idempotencyKey: `monthly-product-${gift}`,
        }),
      );
      const subscription = Subscription.parse(
        await api("POST", "/v1/subscriptions", {
          form: {
            customer: customer.id,
            items: {
              0: {
                price_data: {
                  currency,
                  product: product.id,
                  unit_amount: amountCents,
                  recurring: { interval: "month" },
                },
              },
            },
            default_payment_method: method,
            trial_end: Math.floor(nextMonthOf(now).getTime() / 1000),
            proration_behavior: "none",
            off_session: true,
            metadata: { [GIFT_KEY]: gift },
          },
          idempotencyKey: `monthly-subscription-${gift}`,
        }),
      );
      return { subscription: subscription.id };
    },

    async cancelMonthly(subscription) {
      const path = `/v1/subscriptions/${encodeURIComponent(subscription)}`;
      try {
        await api("DELETE", path);
      } catch (error) {
        // Ended already (by us, a retried request, or the dashboard): what was asked is so.
        if (!(error instanceof StripeApiError) || error.status >= 500) throw error;
        const current = Subscription.parse(await api("GET", path));
        if (current.status !== "canceled") throw error;
      }
    },
  };
}

/** The fields of an invoice this shop reads: the subscription (in `parent` since API 2025-03-31, at the top before). */
const Invoice = z.object({
  id: z.string(),
  object: z.literal("invoice"),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  subscription: z.string().nullable().optional(),
  subscription_details: z
    .object({ metadata: z.record(z.string(), z.string()).nullable() })
    .nullable()
    .optional(),
  parent: z
    .object({
      subscription_details: z
        .object({ subscription: z.string(), metadata: z.record(z.string(), z.string()).nullable().optional() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  last_finalization_error: z.object({ message: z.string().optional() }).nullable().optional(),
});

const SubscriptionObject = z.object({
  id: z.string(),
  object: z.literal("subscription"),
  metadata: z.record(z.string(), z.string()).default({}),
});

/** A Stripe event about a monthly gift, as the gift records it; null when it is about something else. */
export type StripeMonthlyNotice = { charge: MonthlyCharge } | { ended: { gift: string; subscription: string } } | null;

/**
 * invoice.paid / invoice.payment_failed of a gift's subscription, and customer.subscription.deleted.
 * The trial's $0 invoice (the month paid by the order) is no month: it is ignored.
 */
export function stripeMonthlyNotice(type: string, object: Record<string, unknown>): StripeMonthlyNotice {
  if (type === "invoice.paid" || type === "invoice.payment_failed") {
    const invoice = Invoice.safeParse(object);
    if (!invoice.success) return null;
    const i = invoice.data;
    const details = i.parent?.subscription_details;
    const subscription = details?.subscription ?? i.subscription ?? null;
    const gift = details?.metadata?.[GIFT_KEY] ?? i.subscription_details?.metadata?.[GIFT_KEY];
    if (!subscription || !gift) return null;
    const paid = type === "invoice.paid";
    const amountCents = paid ? i.amount_paid : i.amount_due;
    if (amountCents <= 0) return null;
    const message = paid ? null : (i.last_finalization_error?.message ?? "The card was declined.");
    return { charge: { gift, subscription, invoice: i.id, amountCents, paid, message } };
  }
  if (type === "customer.subscription.deleted") {
    const sub = SubscriptionObject.safeParse(object);
    const gift = sub.success ? sub.data.metadata[GIFT_KEY] : undefined;
    return sub.success && gift ? { ended: { gift, subscription: sub.data.id } } : null;
  }
  return null;
}
