import { type Request, type Response, Router } from "express";
import {
  NotAMembershipError,
  QuickCheckoutItemQuery,
  QuickCheckoutRequest,
  QuickDonationRequest,
  formatCents,
  membershipVariantOf,
  type QuickCheckoutItemAnswer,
  type QuickCardFormAnswer,
} from "@shop/shared";
import { cartIdOf } from "../cart/cart-id.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseRequest } from "../platform/http/validate.ts";
import { rememberWrite } from "../platform/http/written-cookie.ts";
import { quickCheckoutPayment, submitQuickCheckout, type QuickCheckoutDeps } from "./quick-checkout-service.ts";
import { quickDonationPayment, submitQuickDonation } from "./quick-donation-service.ts";

export interface QuickCheckoutRouterDeps extends QuickCheckoutDeps {
  behindProxy: boolean;
}

const IDEMPOTENCY_KEY = /^[\w.:-]{1,100}$/;

/** The quick checkout for memberships (storefront §2, §5): billing, delivery, passholders and payment in one POST. */
export function makeQuickCheckoutRouter(deps: QuickCheckoutRouterDeps): Router {
  const router = Router();

  router.get("/api/store/shop/quick-checkout/", async (req, res) => {
    const { sku: code } = parseRequest(QuickCheckoutItemQuery, req.query);
    const sku = (await deps.loadSkus([code])).get(code);
    const variant = sku?.active ? membershipVariantOf(sku) : null;
    if (!sku || !variant) throw new NotAMembershipError();
    const answer: QuickCheckoutItemAnswer = {
      metadata: { success: true, errors: [] },
      item: {
        sku: sku.code,
        title: sku.title,
        format: sku.format,
        price: formatCents(sku.priceCents),
        price_cents: sku.priceCents,
        variant,
        url: sku.url,
      },
    };
    res.json(answer);
  });

  /** How both one-form pages take the card: their own fields, or Stripe's Payment Element. */
  const cardFormAnswer = (): QuickCardFormAnswer => ({
    metadata: { success: true, errors: [] },
    card_form: deps.gateway.browserPayment ? "stripe" : "fields",
  });

  /** Who asks, as both one-form routes place their order: the key, the buyer, the browser's cart id. */
  const requestOf = (req: Request, res: Response) => {
    const header = req.get("idempotency-key")?.trim() ?? "";
    return {
      idempotencyKey: IDEMPOTENCY_KEY.test(header) ? header : null,
      userId: req.user?.id ?? null,
      // The browser's cart id marks a guest's order as theirs, so the order complete page opens for them.
      cartId: cartIdOf(req, res, { create: true, secure: deps.behindProxy }) ?? "",
      address: req.ip ?? "unknown",
      metadata: eventMetadata(req),
    };
  };

  router.post("/api/store/shop/quick-checkout/", async (req, res) => {
    const input = parseRequest(QuickCheckoutRequest, req.body);
    const { answer, lastWrite } = await submitQuickCheckout(deps, input, requestOf(req, res));
    // As the checkout's payment (issue 28, point 3): the answer is the attempt's own number and waits for
    // no read model; the order history waits for this write (the `written` cookie) where it reads.
    if (lastWrite) rememberWrite(req, res, lastWrite, deps.behindProxy);
    res.json(answer);
  });

  // Stripe mode: the PaymentIntent the form's Payment Element confirms before it posts the membership.
  router.get("/api/store/shop/quick-checkout/payment/", (_req, res) => res.json(cardFormAnswer()));
  router.post("/api/store/shop/quick-checkout/payment/", async (req, res) => {
    const input = parseRequest(QuickCheckoutRequest, req.body);
    res.json(await quickCheckoutPayment(deps, input, requestOf(req, res)));
  });

  // Issue 26 §5: a gift in one form from the donate page (fund, amount, email, card).
  router.post("/api/store/shop/quick-donation/", async (req, res) => {
    const input = parseRequest(QuickDonationRequest, req.body);
    const { answer, lastWrite } = await submitQuickDonation(deps, input, requestOf(req, res));
    // The thermometer, the order history and the monthly gifts wait for it where they read (`written`).
    if (lastWrite) rememberWrite(req, res, lastWrite, deps.behindProxy);
    res.json(answer);
  });

  // Stripe mode: the PaymentIntent the form's Payment Element confirms before it posts the gift.
  router.get("/api/store/shop/quick-donation/payment/", (_req, res) => res.json(cardFormAnswer()));
  router.post("/api/store/shop/quick-donation/payment/", async (req, res) => {
    const input = parseRequest(QuickDonationRequest, req.body);
    res.json(await quickDonationPayment(deps, input, requestOf(req, res)));
  });

  return router;
}
