import type { Request, Response } from "express";
import { cartStream, userCartId, WrongExpectedVersionError, type EventStore } from "@shop/shared";
import { eventMetadata } from "../platform/http/request-context.ts";
import { foldStream, RETRY, runCommand } from "../platform/command-handler.ts";
import { cartDecider, type Cart } from "./cart.ts";
import { clearVisitorCart, visitorCartOf } from "./cart-id.ts";
import { decideMerge } from "./decide.ts";

/**
 * At login the visitor's cart goes into the account's cart. The visitor cart is emptied first with
 * its expected version, so two logins racing on one cookie merge it once; the account cart takes
 * the contents additively (quantities add up, up to the per-line limit: what fits is decided on the
 * account cart as read, and its `evolve` clamps again); a conflict there decides again on the fresh
 * account cart (`RETRY.contended`, as every cart command).
 */
export async function mergeVisitorCart(
  deps: { store: EventStore; clock: () => Date; secureCookies: boolean },
  req: Request,
  res: Response,
  userId: string,
): Promise<void> {
  const visitorCart = visitorCartOf(req);
  if (!visitorCart) return;
  const intoCart = userCartId(userId);
  const metadata = { ...eventMetadata(req), userId };
  const now = deps.clock();
  // The visitor cart as it was merged: the account cart's contents are decided from it.
  let merged: Cart | null = null;
  try {
    await runCommand(
      deps.store,
      cartStream(visitorCart),
      cartDecider,
      MERGE_AWAY_RETRY,
      async (cart, version) => {
        if (version < 0) return [];
        const account = foldStream(cartDecider, await deps.store.readStream(cartStream(intoCart)));
        const { away } = decideMerge(cart, account, visitorCart, intoCart, now);
        if (away.length) merged = cart;
        return away;
      },
      { metadata },
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return clearVisitorCart(res, deps.secureCookies); // merged just now
    throw error;
  }
  const from: Cart | null = merged;
  if (from)
    await runCommand(
      deps.store,
      cartStream(intoCart),
      cartDecider,
      RETRY.contended,
      (account) => decideMerge(from, account, visitorCart, intoCart, now).into,
      { metadata },
    );
  clearVisitorCart(res, deps.secureCookies);
}

/** Two logins racing on one cookie: the first empties the visitor cart, the second finds it merged. */
const MERGE_AWAY_RETRY = RETRY.refuse;
