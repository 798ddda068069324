import { CHECKOUT_MESSAGES } from "@shop/shared";
import { z } from "zod";
import type { AuthoriseResult, PaymentGateway } from "./payment-gateway.ts";
import { createStripeApi, listStripe, StripeApiError, type StripeApiOptions } from "./stripe-api.ts";
import { createStripeMonthly } from "./stripe-monthly.ts";

/** The shop's prices are in US dollars. */
const CURRENCY = "usd";
/** The PaymentIntent's metadata key holding the checkout round it was made for. */
const TAG_KEY = "shop_checkout";
const INTENT_ID = /^pi_[A-Za-z0-9]{1,100}$/;

/** The fields of Stripe's payment_intent object this adapter reads. */
const PaymentIntent = z.object({
  id: z.string(),
  object: z.literal("payment_intent"),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum([
    "requires_payment_method",
    "requires_confirmation",
    "requires_action",
    "processing",
    "requires_capture",
    "canceled",
    "succeeded",
  ]),
  client_secret: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).default({}),
  payment_method: z
    .union([z.string(), z.object({ card: z.object({ brand: z.string(), last4: z.string() }).nullable().optional() })])
    .nullable()
    .optional(),
  last_payment_error: z.object({ code: z.string().optional(), message: z.string().optional() }).nullable().optional(),
});
type PaymentIntent = z.infer<typeof PaymentIntent>;

/** An intent as Stripe's list answers it: what the stale-hold sweep reads. */
type ListedIntent = { id: string; status: string; metadata?: Record<string, string> };

/** An intent with its charge expanded: what a capture Stripe refused as already done still holds. */
const CapturedIntent = z.object({
  status: PaymentIntent.shape.status,
  latest_charge: z
    .union([z.string(), z.object({ amount_refunded: z.number().int() })])
    .nullable()
    .optional(),
});

const Refund = z.object({ id: z.string(), object: z.literal("refund"), status: z.string().nullable() });

/** Stripe's card brands, named as the back office names card types. */
const BRANDS: Record<string, string> = { amex: "Amex", visa: "Visa", mastercard: "MasterCard", discover: "Discover" };

/** A card error's message for the shopper: Stripe's card_declined reads as the test gateway's. */
const cardMessage = (code: string | null | undefined, message: string | null | undefined) =>
  code === "card_declined" ? CHECKOUT_MESSAGES.declined : (message ?? CHECKOUT_MESSAGES.declined);

export interface StripeGatewayOptions extends StripeApiOptions {
  publishableKey: string;
}

/**
 * PAYMENT_GATEWAY=stripe: PaymentIntents with capture_method=manual. The payment page gets a
 * PaymentIntent's client_secret (one per checkout round and amount, by idempotency key); the browser
 * confirms it in Stripe's Payment Element; `authorise` then retrieves it and checks amount, currency,
 * round and status before the order is placed. Card numbers never reach this server.
 */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const api = createStripeApi(options);
  const intentPath = (id: string) => `/v1/payment_intents/${id}`;
  const retrieve = async (id: string) =>
    PaymentIntent.parse(await api("GET", intentPath(id), { query: { expand: ["payment_method"] } }));

  /** A call on an intent that Stripe refuses because of its state: fine when it is already where we want it. */
  async function unlessAlready(id: string, wanted: PaymentIntent["status"], call: () => Promise<unknown>) {
    try {
      await call();
    } catch (error) {
      if (!(error instanceof StripeApiError) || error.code !== "payment_intent_unexpected_state") throw error;
      const intent = await retrieve(id);
      if (intent.status !== wanted) throw error;
    }
  }

  const cancel = (reference: string) =>
    unlessAlready(reference, "canceled", () =>
      api("POST", `${intentPath(reference)}/cancel`, { idempotencyKey: `cancel-${reference}` }),
    );

  return {
    name: "stripe",
    monthly: createStripeMonthly(api, CURRENCY),

    async browserPayment({ amountCents, tag, monthly }) {
      const intent = PaymentIntent.parse(
        await api("POST", "/v1/payment_intents", {
          form: {
            amount: amountCents,
            currency: CURRENCY,
            capture_method: "manual",
            payment_method_types: ["card"],
            metadata: { [TAG_KEY]: tag },
            // A monthly gift's first month: its card is kept (at Stripe) to pay the next months.
            ...(monthly ? { setup_future_usage: "off_session" } : {}),
          },
          idempotencyKey: `pi-${tag}-${amountCents}${monthly ? "-monthly" : ""}`,
        }),
      );
      if (!intent.client_secret) throw new Error(`Stripe created ${intent.id} without a client_secret`);
      return { publishableKey: options.publishableKey, clientSecret: intent.client_secret, reference: intent.id };
    },

    async authorise({ amountCents, source }): Promise<AuthoriseResult> {
      // The card is typed into Stripe's elements, never into ours.
      if (!("confirmed" in source)) return { ok: false, message: CHECKOUT_MESSAGES.paymentMismatch };
      const { reference, tag } = source.confirmed;
      if (!INTENT_ID.test(reference)) return { ok: false, message: CHECKOUT_MESSAGES.paymentMismatch };
      let intent: PaymentIntent;
      try {
        intent = await retrieve(reference);
      } catch (error) {
        if (error instanceof StripeApiError && error.code === "resource_missing")
          return { ok: false, message: CHECKOUT_MESSAGES.paymentMismatch };
        if (error instanceof StripeApiError && error.type === "card_error")
          return { ok: false, message: cardMessage(error.code, error.message) };
        throw error;
      }
      if (intent.metadata[TAG_KEY] !== tag) return { ok: false, message: CHECKOUT_MESSAGES.paymentMismatch };
      if (intent.amount !== amountCents || intent.currency !== CURRENCY) {
        // The browser confirmed another amount (the cart changed meanwhile): give the hold back.
        if (intent.status === "requires_capture")
          await api("POST", `${intentPath(intent.id)}/cancel`, { idempotencyKey: `cancel-${intent.id}` });
        return { ok: false, message: CHECKOUT_MESSAGES.paymentMismatch };
      }
      if (intent.status === "requires_payment_method" && intent.last_payment_error)
        return {
          ok: false,
          message: cardMessage(intent.last_payment_error.code, intent.last_payment_error.message),
        };
      if (intent.status !== "requires_capture" && intent.status !== "succeeded")
        return { ok: false, message: CHECKOUT_MESSAGES.paymentIncomplete };
      const card = typeof intent.payment_method === "object" ? intent.payment_method?.card : null;
      return {
        ok: true,
        reference: intent.id,
        brand: (card && BRANDS[card.brand]) ?? "Card",
        last4: card && /^\d{4}$/.test(card.last4) ? card.last4 : null,
      };
    },

    async capture(reference, amountCents) {
      try {
        await api("POST", `${intentPath(reference)}/capture`, {
          form: { amount_to_capture: amountCents },
          idempotencyKey: `capture-${reference}`,
        });
      } catch (error) {
        if (!(error instanceof StripeApiError) || error.code !== "payment_intent_unexpected_state") throw error;
        // Captured already (a resumed attempt): done, unless its money was given back since. A
        // refunded intent stays 'succeeded', so its charge says whether it still holds the money.
        const intent = CapturedIntent.parse(
          await api("GET", intentPath(reference), { query: { expand: ["latest_charge"] } }),
        );
        if (intent.status !== "succeeded") throw error;
        const charge = intent.latest_charge;
        if (charge && typeof charge === "object" && charge.amount_refunded > 0)
          throw new Error(`Stripe: ${reference} was refunded, it cannot pay for an order`);
      }
    },

    async refund(reference, amountCents) {
      const refund = Refund.parse(
        await api("POST", "/v1/refunds", { form: { payment_intent: reference, amount: amountCents } }),
      );
      if (refund.status === "failed" || refund.status === "canceled")
        throw new Error(`Stripe refund ${refund.id} ${refund.status}`);
    },

    void: cancel,

    async uncapturedHolds({ after, before }) {
      const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
      const intents = await listStripe<ListedIntent>(api, "/v1/payment_intents", {
        created: { gt: seconds(after), lt: seconds(before) },
      });
      // Only the shop's own (tagged by a checkout round): the account may hold other systems' intents.
      return intents.filter((i) => i.status === "requires_capture" && i.metadata?.[TAG_KEY]).map((i) => i.id);
    },

    async release(reference) {
      const intent = await retrieve(reference);
      if (intent.status === "canceled") return;
      if (intent.status !== "succeeded") {
        await cancel(reference);
        return;
      }
      // Captured: refund it all, once (the key makes a second release the same refund).
      const refund = Refund.parse(
        await api("POST", "/v1/refunds", {
          form: { payment_intent: reference },
          idempotencyKey: `release-${reference}`,
        }),
      );
      if (refund.status === "failed" || refund.status === "canceled")
        throw new Error(`Stripe refund ${refund.id} ${refund.status}`);
    },
  };
}
