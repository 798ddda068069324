import {
  cartStream,
  type AppendResult,
  type CartEvent,
  type EventMetadata,
  type EventStore,
  type Shopper,
} from "@shop/shared";
import type { LoadSkusForCart } from "@shop/shared/catalog/sku-for-cart";
import { loadDiscounts } from "../discounts/discount.ts";
import { foldStream, RETRY, runCommand } from "../platform/command-handler.ts";
import { cartDecider, type Cart } from "./cart.ts";
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

/** Many tabs (or a script) may write one cart at once: keep deciding on the fresh cart, spread out. */
const CART_RETRY = RETRY.contended;

async function tryUntilAppended(
  deps: CartServiceDeps,
  cartId: string,
  shopper: Shopper,
  also: { skus?: readonly string[]; codes?: readonly string[] },
  decide: (cart: Cart, context: CartContext) => CartEvent[],
  metadata: EventMetadata,
  newCart = false,
): Promise<CartOutcome> {
  let context!: CartContext;
  const result = await runCommand(
    deps.store,
    cartStream(cartId),
    cartDecider,
    CART_RETRY,
    async (cart) => {
      ({ context } = await loadCart(deps, cartId, shopper, also, cart));
      return decide(cart, context);
    },
    { metadata, assumeNew: newCart },
  );
  return { cart: result.state, context, events: result.events as CartEvent[], appended: result.appended };
}
