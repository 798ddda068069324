import type { Request, Response } from "express";
import { cartStream, userCartId, WrongExpectedVersionError, type EventStore } from "@shop/shared";
import { eventMetadata } from "../platform/http/request-context.ts";
import { foldStream } from "../platform/command-handler.ts";
import { cartDecider } from "./cart.ts";
import { clearVisitorCart, visitorCartOf } from "./cart-id.ts";
import { decideMerge } from "./decide.ts";

/**
 * At login the visitor's cart goes into the account's cart. The visitor cart is emptied first with
 * its expected version, so two logins racing on one cookie merge it once; the account cart takes
 * the contents additively (quantities add up, up to the per-line limit: what fits is decided on the
 * account cart as read, and its `evolve` clamps again), so it needs no expected version.
 */
export async function mergeVisitorCart(
  deps: { store: EventStore; clock: () => Date; secureCookies: boolean },
  req: Request,
  res: Response,
  userId: string,
): Promise<void> {
  const visitorCart = visitorCartOf(req);
  if (!visitorCart) return;
  const recorded = await deps.store.readStream(cartStream(visitorCart));
  if (recorded.length === 0) return clearVisitorCart(res, deps.secureCookies);
  const cart = foldStream(cartDecider, recorded);
  const intoCart = userCartId(userId);
  const account = foldStream(cartDecider, await deps.store.readStream(cartStream(intoCart)));
  const { into, away } = decideMerge(cart, account, visitorCart, intoCart, deps.clock());
  if (into.length === 0) return clearVisitorCart(res, deps.secureCookies);
  const metadata = { ...eventMetadata(req), userId };
  try {
    await deps.store.append(
      cartStream(visitorCart),
      away.map((e) => ({ type: e.type, data: e.data, metadata })),
      { expectedVersion: cart.version },
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return clearVisitorCart(res, deps.secureCookies); // merged just now
    throw error;
  }
  await deps.store.append(
    cartStream(intoCart),
    into.map((e) => ({ type: e.type, data: e.data, metadata })),
    { expectedVersion: "any" },
  );
  clearVisitorCart(res, deps.secureCookies);
}
