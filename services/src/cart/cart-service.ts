import {
  cartStream,
  WrongExpectedVersionError,
  type AppendResult,
  type CartEvent,
  type EventMetadata,
  type EventStore,
  type Shopper,
} from "@shop/shared";
import type { LoadSkusForCart } from "@shop/shared/catalog/sku-for-cart";
import { loadDiscounts } from "../discounts/discount.ts";
import { foldStream } from "../platform/command-handler.ts";
import { cartDecider, emptyCart, type Cart } from "./cart.ts";
import type { CartContext } from "./decide.ts";
import { codesIn } from "./pricing.ts";

export interface CartServiceDeps {
  store: EventStore;
  clock: () => Date;
  loadSkus: LoadSkusForCart;
}

export interface CartOutcome {
  cart: Cart;
  context: CartContext;
  events: CartEvent[];
  appended?: AppendResult;
}

/** How often a command on one cart is tried when other requests keep appending to it first. */
const ATTEMPTS = 100;

/** A cart's state and everything its answer needs: its SKUs (and `alsoSkus`), its codes' discounts (and `alsoCodes`). */
export async function loadCart(
  deps: CartServiceDeps,
  cartId: string,
  shopper: Shopper,
  also: { skus?: readonly string[]; codes?: readonly string[] } = {},
  /** The cart's state when the caller knows it without reading (a cart id made by this request is empty). */
  known?: Cart,
): Promise<{ cart: Cart; context: CartContext }> {
  const cart = known ?? foldStream(cartDecider, await deps.store.readStream(cartStream(cartId)));
  const [skus, discounts] = await Promise.all([
    deps.loadSkus([...new Set([...codesIn(cart), ...(also.skus ?? [])])]),
    loadDiscounts(deps.store, [...cart.codes, ...(also.codes ?? [])]),
  ]);
  return { cart, context: { skus, discounts, shopper, now: deps.clock() } };
}

/**
 * Runs a cart command with the stream's version as the expected one. A cart whose id this request
 * made (`newCart`: a visitor's first write) is known to be empty: its stream is not read, and the
 * append's `no-stream` still guards the guess. Many tabs (or a script) may
 * add to one cart at once: on a conflict the cart is read again and the command decided anew, after
 * a short random pause so the contenders spread out. Only the appended events count.
 */
export function runCartCommand(
  deps: CartServiceDeps,
  cartId: string,
  shopper: Shopper,
  also: { skus?: readonly string[]; codes?: readonly string[] },
  decide: (cart: Cart, context: CartContext) => CartEvent[],
  metadata: EventMetadata,
  options: { newCart?: boolean } = {},
): Promise<CartOutcome> {
  return oneAtATime(cartId, () => tryUntilAppended(deps, cartId, shopper, also, decide, metadata, options.newCart));
}

// Requests for one cart in this process take turns, so they do not race each other to the log and
// retry; other processes on the same cart still meet the expected version.
const queues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

async function tryUntilAppended(
  deps: CartServiceDeps,
  cartId: string,
  shopper: Shopper,
  also: { skus?: readonly string[]; codes?: readonly string[] },
  decide: (cart: Cart, context: CartContext) => CartEvent[],
  metadata: EventMetadata,
  newCart = false,
): Promise<CartOutcome> {
  for (let attempt = 1; ; attempt++) {
    const known = newCart && attempt === 1 ? emptyCart() : undefined;
    const { cart, context } = await loadCart(deps, cartId, shopper, also, known);
    const events = decide(cart, context);
    if (events.length === 0) return { cart, context, events };
    try {
      const appended = await deps.store.append(
        cartStream(cartId),
        events.map((e) => ({ type: e.type, data: e.data, metadata })),
        { expectedVersion: cart.version < 0 ? "no-stream" : cart.version },
      );
      return { cart: events.reduce(cartDecider.evolve, cart), context, events, appended };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, attempt * 5)));
    }
  }
}
