import { Router, type Request, type Response } from "express";
import {
  ApplyDiscountsQuery,
  CartRefusedError,
  FullCartUpdateRequest,
  type EventStore,
  type Shopper,
} from "@shop/shared";
import type { LoadSkusForCart } from "@shop/shared/catalog/sku-for-cart";
import { eventMetadata } from "../platform/http/request-context.ts";
import { isCrossSiteRequest } from "../platform/http/own-page.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { sendAddToCartConfirmPage } from "./add-to-cart-confirm-page.ts";
import { cartIdOf, visitorCartOf } from "./cart-id.ts";
import { loadCart, runCartCommand, type CartServiceDeps } from "./cart-service.ts";
import { cartAnswer } from "./cart-view.ts";
import { decideCart, decideDiscountCodes, type RequestedItem } from "./decide.ts";
import { emptyCart } from "./cart.ts";

export interface CartRouterDeps {
  store: EventStore;
  clock: () => Date;
  loadSkus: LoadSkusForCart;
  behindProxy: boolean;
  /** SITE_URL: a Referer from elsewhere marks a cross-site add (never judged by Host alone). */
  siteUrl: string;
}

/** Query keys of add-to-cart that are not SKU codes: cache busters and the cart page's flag. */
const NOT_SKUS = new Set(["x", "ts", "add-to-cart"]);
const MAX_ITEMS = 100;

/** Who shops, for the discount rules: signed in or not; staff are the one group today. */
export const shopperOf = (req: Request): Shopper => ({
  signedIn: Boolean(req.user),
  groups: req.user?.is_staff ? ["staff"] : [],
});

/** `?{sku}={qty}&...`: each pair a requested item, in the order given. */
function requestedItems(req: Request): RequestedItem[] {
  const items: RequestedItem[] = [];
  for (const [key, value] of Object.entries(req.query)) {
    if (NOT_SKUS.has(key)) continue;
    const code = key.trim();
    if (!code || code.length > 100) continue;
    items.push({
      skuCode: code,
      quantity: typeof value === "string" ? value : Array.isArray(value) ? String(value.at(-1)) : "0",
    });
  }
  if (items.length === 0) throw new CartRefusedError("CART_NO_ITEMS", "Please choose an item to add to your cart.");
  if (items.length > MAX_ITEMS)
    throw new CartRefusedError("CART_TOO_MUCH", `Please add at most ${MAX_ITEMS} items at once.`);
  return items;
}

/**
 * A cart answer is one visitor's and changes with each write: no cache may keep it, and it goes
 * without the ETag express would otherwise work out (a hash of every answer) for caches to revalidate.
 */
function sendCart(res: Response, body: unknown): void {
  const text = JSON.stringify(body);
  res.setHeader("Cache-Control", "no-store");
  // Stated, so compression (above 1 KB) knows the size and a small answer goes whole, not chunked.
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.setHeader("Content-Type", JSON_TYPE); // what res.type("json") sets, without its look-up in the MIME table
  res.end(text);
}

const JSON_TYPE = "application/json; charset=utf-8";

/** The shopping cart: add-to-cart, the full cart (also the mini cart), discount codes, and /store/cart/?{sku}={qty}&add-to-cart. */
export function makeCartRouter(deps: CartRouterDeps): Router {
  const router = Router();
  const service: CartServiceDeps = { store: deps.store, clock: deps.clock, loadSkus: deps.loadSkus };
  /** The cart a write goes to, and whether this request made its id (a visitor's first write: an empty cart). */
  const writableCart = (req: Request, res: Response) => {
    const newCart = !req.user && visitorCartOf(req) === null;
    return { cartId: cartIdOf(req, res, { create: true, secure: deps.behindProxy })!, newCart };
  };

  async function addItems(req: Request, res: Response) {
    const items = requestedItems(req);
    const { cartId, newCart } = writableCart(req, res);
    return runCartCommand(
      service,
      cartId,
      shopperOf(req),
      { skus: items.map((i) => i.skuCode) },
      (cart, context) => decideCart({ type: "AddToCart", data: { items } }, cart, context),
      eventMetadata(req),
      { newCart },
    );
  }

  router.get("/api/store/shop/add-to-cart/", async (req, res) => {
    const outcome = await addItems(req, res);
    sendCart(res, cartAnswer(outcome.cart, outcome.context, outcome.events));
  });

  // The cart page's own add (quick view's form action): add, then the page. A refused add shows the
  // page with the item still in the query (storefront §7), and the reason in res.locals.cartMessage.
  // Sent from another site, it only asks first: a page elsewhere must not fill a visitor's cart.
  router.get("/store/cart/", async (req, res, next) => {
    if (!("add-to-cart" in req.query)) return next();
    try {
      if (isCrossSiteRequest(req, deps.siteUrl))
        return await sendAddToCartConfirmPage(res, requestedItems(req), deps.loadSkus);
      await addItems(req, res);
    } catch (error) {
      if (!(error instanceof CartRefusedError)) throw error;
      res.locals.cartMessage = error.message;
      return next();
    }
    res.redirect(303, "/store/cart/"); // a reload of the page must not add again
  });

  router.get("/api/store/shop/full-cart/", async (req, res) => {
    const cartId = cartIdOf(req, res, { create: false, secure: deps.behindProxy });
    if (!cartId) {
      const empty = emptyCart();
      const context = { skus: new Map(), discounts: new Map(), shopper: shopperOf(req), now: deps.clock() };
      return sendCart(res, cartAnswer(empty, context));
    }
    const { cart, context } = await loadCart(service, cartId, shopperOf(req));
    sendCart(res, cartAnswer(cart, context));
  });

  router.put("/api/store/shop/full-cart/", async (req, res) => {
    const input = parseRequest(FullCartUpdateRequest, req.body);
    const items = input.items.map((i) => ({ skuCode: i.sku_code, quantity: i.quantity }));
    const { cartId, newCart } = writableCart(req, res);
    const outcome = await runCartCommand(
      service,
      cartId,
      shopperOf(req),
      { skus: items.map((i) => i.skuCode) },
      (cart, context) => decideCart({ type: "UpdateCart", data: { items } }, cart, context),
      eventMetadata(req),
      { newCart },
    );
    sendCart(res, cartAnswer(outcome.cart, outcome.context, outcome.events));
  });

  router.get("/api/store/shop/apply-discounts/", async (req, res) => {
    const { discounts: typed } = parseQuery(ApplyDiscountsQuery, req.query);
    const codes = typed.map((c) => c.trim().replace(/^-/, "").trim().toUpperCase()).filter(Boolean);
    let answers: Record<string, string> = {};
    const { cartId, newCart } = writableCart(req, res);
    await runCartCommand(
      service,
      cartId,
      shopperOf(req),
      { codes },
      (cart, context) => {
        const decided = decideDiscountCodes(typed, cart, context);
        answers = decided.answers;
        return decided.events;
      },
      eventMetadata(req),
      { newCart },
    );
    sendCart(res, answers);
  });

  return router;
}
