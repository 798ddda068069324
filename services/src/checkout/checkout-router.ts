import { Router, type Request, type Response } from "express";
import type { Kysely } from "kysely";
import {
  BILLING_ADDRESS_CHOICE,
  addressOfChoice,
  choiceOfAddress,
  CheckoutDeliveryRequest,
  CheckoutFormError,
  CheckoutInfoRequest,
  CheckoutInvalidStepError,
  CheckoutPaymentRequest,
  CheckoutShippingRequest,
  formatCents,
  type Address,
  type CheckoutPaymentAnswer,
  type CheckoutShippingAnswer,
  type CheckoutStateAnswer,
  type CheckoutStepAnswer,
} from "@shop/shared";
import { findAddress, listAddresses, type Database } from "@shop/projections";
import { cartIdOf } from "../cart/cart-id.ts";
import { shopperOf } from "../cart/cart-router.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseRequest } from "../platform/http/validate.ts";
import type { WaitForProjections } from "../platform/read-your-writes.ts";
import { rememberWrite } from "../platform/http/written-cookie.ts";
import { takesCards } from "../payments/gateway-for-config.ts";
import { paymentTag } from "./checkout.ts";
import { appendCheckout, loadCheckout, submitPayment, type CheckoutServiceDeps } from "./checkout-service.ts";
import {
  checkPaymentStep,
  checkShippingStep,
  decideDelivery,
  decideInfo,
  decideShipping,
  deliveryGiven,
  priceShipping,
} from "./decide.ts";
import {
  checkoutPayer,
  openCheckout,
  openCheckoutWithKey,
  payerOf,
  sealBillingOfPayer,
  sealDelivery,
} from "./checkout-personal.ts";
import { orderSummaryHtml, shippingOptionsHtml, totalsOf } from "./order-pricing.ts";
import { loadShippingRates } from "./shipping-rates.ts";
import { saveToAddressBook } from "../addresses/add-address.ts";
import { checkoutSummary } from "./checkout-summary.ts";

export interface CheckoutRouterDeps extends CheckoutServiceDeps {
  behindProxy: boolean;
  /** 'Save to my address book' waits for the book's list (the payment does not wait: `rememberWrite`). */
  waitForProjections: WaitForProjections;
}

const ADDRESS_KEYS = [
  "first_name",
  "last_name",
  "street1",
  "street2",
  "city",
  "state",
  "postal_code",
  "country",
] as const;
const addressOf = (fields: Address): Address => Object.fromEntries(ADDRESS_KEYS.map((k) => [k, fields[k]])) as Address;

/** An address of the signed-in shopper's book, by its checkout id; anyone else's (or a guest's pick) is not a choice. */
async function pickedAddress(
  db: Kysely<Database>,
  userId: string | null,
  choice: number,
  field: string,
): Promise<Address> {
  const found =
    userId && choice > BILLING_ADDRESS_CHOICE ? await findAddress(db, userId, addressOfChoice(choice)) : null;
  if (!found) throw new CheckoutFormError({ [field]: ["Select a valid choice."] });
  return addressOf(found);
}

const stepAnswer = (step: number): CheckoutStepAnswer => ({ metadata: { success: true, errors: [] }, step });
const IDEMPOTENCY_KEY = /^[\w.:-]{1,100}$/;

/** The four-step checkout of storefront §2/§7: state on the server, one stream per checkout. */
export function makeCheckoutRouter(deps: CheckoutRouterDeps): Router {
  const router = Router();
  /** The checkout's cart; without one there is nothing to check out (the page goes back to the cart). */
  const cartOf = (req: Request, res: Response) => {
    const cartId = cartIdOf(req, res, { create: false, secure: deps.behindProxy });
    if (!cartId) throw new CheckoutInvalidStepError();
    return cartId;
  };
  const load = (req: Request, res: Response) => {
    const cartId = cartOf(req, res);
    return loadCheckout(deps, cartId, shopperOf(req)).then((loaded) => ({ cartId, ...loaded }));
  };
  /**
   * A shipping step's load with the rate table: read together, so on PostgreSQL the checkout, its cart
   * and the table are one statement (issue 28, point 3), where the table was read after the load.
   */
  const loadWithRates = async (req: Request, res: Response) => {
    const [loaded, rates] = await Promise.all([load(req, res), loadShippingRates(deps.store)]);
    return { ...loaded, methodsFor: (facts: Parameters<typeof priceShipping>[1]) => priceShipping(rates, facts) };
  };

  router.get("/api/store/shop/checkout/", async (req, res) => {
    const cartId = cartIdOf(req, res, { create: false, secure: deps.behindProxy });
    const loaded = cartId ? await loadCheckout(deps, cartId, shopperOf(req)) : null;
    const facts = loaded?.priced.facts;
    const c = loaded && !loaded.checkout.placed ? loaded.checkout : null;
    const opened = c ? await openCheckout(deps.db, c) : { billing: null, delivery: null };
    let step = 1;
    if (c?.billing) step = 2;
    if (c?.delivery && facts && c.delivery.ships === facts.ships && c.delivery.digital === facts.digital)
      step = facts.ships ? 3 : 4;
    if (step === 3 && c?.shipping && c.shipping.cartVersion === facts?.version) step = 4;
    const delivery = opened.delivery
      ? {
          ...Object.fromEntries(Object.entries(opened.delivery.shipping ?? {}).map(([k, v]) => [`ship_${k}`, v])),
          digital_email: opened.delivery.digitalEmail ?? "",
        }
      : null;
    const book = req.user ? await listAddresses(deps.db, req.user.id) : [];
    const answer: CheckoutStateAnswer = {
      metadata: { success: true, errors: [] },
      step,
      ships: facts?.ships ?? false,
      digital: facts?.digital ?? false,
      empty: facts?.empty ?? true,
      billing: opened.billing ? { ...opened.billing } : null,
      delivery,
      shipping_method: c?.shipping?.method ?? null,
      addresses: book.map((a) => ({ ...addressOf(a), id: choiceOfAddress(a.id), pk: a.id, is_default: a.is_default })),
    };
    res.json(answer);
  });

  router.get("/api/store/shop/checkout/summary/", async (req, res) => {
    const { checkout, priced } = await load(req, res);
    res.json(checkoutSummary(priced, checkout));
  });

  router.post("/api/store/shop/checkout/info/", async (req, res) => {
    const { billing_address_id: choice, save_address, ...input } = parseRequest(CheckoutInfoRequest, req.body);
    const userId = req.user?.id ?? null;
    const { cartId, checkout, priced } = await load(req, res);
    const billing =
      choice === null ? input : { ...input, ...(await pickedAddress(deps.db, userId, choice, "billing_address_id")) };
    // Sealed with the payer's key before it enters the log (a guest's key is one per email).
    const sealed = await sealBillingOfPayer(deps.db, userId, billing);
    const events = decideInfo(checkout, sealed, priced.facts, { userId, now: deps.clock() });
    await appendCheckout(deps, cartId, checkout, events, eventMetadata(req));
    if (save_address && req.user && choice === null)
      await saveToAddressBook(deps, req, { ...addressOf(input), phone: "" });
    res.json(stepAnswer(2));
  });

  router.post("/api/store/shop/checkout/delivery/", async (req, res) => {
    const input = parseRequest(CheckoutDeliveryRequest, req.body);
    const { cartId, checkout, priced } = await load(req, res);
    // The payer's key is read once: it opens the billing and seals the delivery.
    const { billing, key } = await openCheckoutWithKey(deps.db, checkout);
    if (!billing) throw new CheckoutInvalidStepError(); // not given, or the payer was erased meanwhile
    const choice = input.shipping_address_id;
    const picked =
      choice === null || !priced.facts.ships
        ? null
        : choice === BILLING_ADDRESS_CHOICE
          ? addressOf(billing)
          : await pickedAddress(deps.db, req.user?.id ?? null, choice, "shipping_address_id");
    const shipTo = picked
      ? { ...input, ...Object.fromEntries(ADDRESS_KEYS.map((k) => [`ship_${k}`, picked[k]])) }
      : input;
    const { delivery, step } = decideDelivery(checkout, shipTo, priced.facts);
    const payer = checkoutPayer(checkout);
    const person = payer ?? (await payerOf(deps.db, checkout.billing!.userId, billing.email));
    const sealed = await sealDelivery(deps.db, person, delivery, person === payer ? (key ?? undefined) : undefined);
    const events = [deliveryGiven(sealed, priced.facts, deps.clock())];
    await appendCheckout(deps, cartId, checkout, events, eventMetadata(req));
    if (input.save_address && req.user && delivery.shipping && !picked)
      await saveToAddressBook(deps, req, { ...addressOf(delivery.shipping), phone: "" });
    res.json(stepAnswer(step));
  });

  router.get("/api/store/shop/checkout/shipping/", async (req, res) => {
    const { checkout, priced, methodsFor } = await loadWithRates(req, res);
    checkShippingStep(checkout, priced.facts);
    const methods = methodsFor(priced.facts);
    const selected = checkout.shipping?.method ?? null;
    const answer: CheckoutShippingAnswer = {
      metadata: { success: true, errors: [] },
      shipping_options: shippingOptionsHtml(methods, selected),
      methods: methods.map((m) => ({
        code: m.code,
        label: m.label,
        price: formatCents(m.cents),
        price_cents: m.cents,
      })),
      selected,
    };
    res.json(answer);
  });

  router.post("/api/store/shop/checkout/shipping/", async (req, res) => {
    const { shipping_method } = parseRequest(CheckoutShippingRequest, req.body);
    const { cartId, checkout, priced, methodsFor } = await loadWithRates(req, res);
    const events = decideShipping(checkout, shipping_method, methodsFor(priced.facts), priced.facts, deps.clock());
    await appendCheckout(deps, cartId, checkout, events, eventMetadata(req));
    res.json(stepAnswer(4));
  });

  router.get("/api/store/shop/checkout/payment/", async (req, res) => {
    const { cartId, checkout, priced } = await load(req, res);
    const { shippingCents } = checkPaymentStep(checkout, priced.facts);
    const shipping =
      priced.facts.ships && checkout.shipping ? { label: checkout.shipping.label, cents: shippingCents } : null;
    const { totalCents } = totalsOf(priced, shippingCents);
    const answer: CheckoutPaymentAnswer = {
      metadata: { success: true, errors: [] },
      order_summary: orderSummaryHtml(priced, shipping),
      total: formatCents(totalCents),
      total_cents: totalCents,
      // Without a card gateway (PAYMENT_GATEWAY unset on a server) only checks are offered.
      payment_types: totalCents === 0 ? ["none"] : takesCards(deps.gateway) ? ["card", "check"] : ["check"],
    };
    // Stripe: the PaymentIntent the Payment Element confirms, one per round and amount (an idempotency key).
    if (deps.gateway.browserPayment && totalCents > 0) {
      const intent = await deps.gateway.browserPayment({ amountCents: totalCents, tag: paymentTag(cartId, checkout) });
      answer.stripe = { publishable_key: intent.publishableKey, client_secret: intent.clientSecret };
    }
    res.json(answer);
  });

  router.post("/api/store/shop/checkout/payment/", async (req, res) => {
    const input = parseRequest(CheckoutPaymentRequest, req.body);
    const header = req.get("idempotency-key")?.trim() ?? "";
    const { answer, lastWrite } = await submitPayment(deps, cartOf(req, res), shopperOf(req), input, {
      idempotencyKey: IDEMPOTENCY_KEY.test(header) ? header : null,
      userId: req.user?.id ?? null,
      address: req.ip ?? "unknown",
      metadata: eventMetadata(req),
    });
    // The answer is the order's number, decided by the attempt itself: nothing here reads a read model.
    // The order page reads the order's stream; the order history and the thermometer read the read
    // models, and wait there for this write (the `written` cookie), so the payment does not.
    if (lastWrite) rememberWrite(req, res, lastWrite, deps.behindProxy);
    res.json(answer);
  });

  return router;
}
