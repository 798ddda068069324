import { type NextFunction, type Request, type Response, Router } from "express";
import {
  LOGIN_REQUIRED,
  WISHLIST_MESSAGES,
  WishlistAddRequest,
  wishlistStream,
  type EventStore,
  type LoadSkusForCart,
} from "@shop/shared";
import { foldStream, RETRY, runCommand } from "../platform/command-handler.ts";
import { errorAnswer } from "../platform/http/error-answers.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseRequest } from "../platform/http/validate.ts";
import { decideWishlist, type WishlistCommand } from "./decide.ts";
import { type Wishlist, wishlistDecider } from "./wishlist.ts";
import { wishlistAnswer } from "./wishlist-view.ts";

/** One shopper's wishlist: two tabs at once at most, so one fresh try. */
const WISHLIST_RETRY = RETRY.once;

export interface WishlistRouterDeps {
  store: EventStore;
  clock: () => Date;
  loadSkus: LoadSkusForCart;
}

/** Only the account holder has a wishlist: a visitor gets 401 (the page sends them to sign in first). */
function requireSignedIn(req: Request, res: Response, next: NextFunction) {
  if (req.user) return next();
  const refusal = errorAnswer("LOGIN_REQUIRED", LOGIN_REQUIRED);
  res.status(refusal.status).json(refusal.body);
}

const PATH = "/api/account/wishlist/";

/**
 * The signed-in shopper's wishlist (storefront §2: /account/wishlist/?add={sku}): list, add, remove.
 * Read from the stream, not a read model: only its owner reads it, a stream of a few dozen events
 * folds in one indexed read, the prices must be the catalog's current ones anyway, and the answer to
 * a write is the state the decider computed (DESIGN §3), with nothing to wait for.
 */
export function makeWishlistRouter(deps: WishlistRouterDeps): Router {
  const router = Router();
  router.use(PATH, requireSignedIn);

  const answer = async (res: Response, wishlist: Wishlist, message?: string) =>
    res.json(wishlistAnswer(wishlist, await deps.loadSkus(wishlist.items.map((i) => i.skuCode)), message));

  async function run(req: Request, command: (now: Date) => Promise<WishlistCommand> | WishlistCommand) {
    const cmd = await command(deps.clock());
    return runCommand(
      deps.store,
      wishlistStream(req.user!.id),
      wishlistDecider,
      WISHLIST_RETRY,
      (state) => decideWishlist(cmd, state),
      { metadata: eventMetadata(req) },
    );
  }

  router.get(PATH, async (req, res) => {
    const wishlist = foldStream(wishlistDecider, await deps.store.readStream(wishlistStream(req.user!.id)));
    await answer(res, wishlist);
  });

  router.post(PATH, async (req, res) => {
    const { sku_code: skuCode } = parseRequest(WishlistAddRequest, req.body);
    const result = await run(req, async (now) => ({
      type: "AddToWishlist",
      data: { skuCode, sku: (await deps.loadSkus([skuCode])).get(skuCode), now },
    }));
    await answer(res, result.state, result.events.length ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.alreadyThere);
  });

  router.delete(`${PATH}:sku_code/`, async (req, res) => {
    const skuCode = String(req.params.sku_code);
    const result = await run(req, (now) => ({ type: "RemoveFromWishlist", data: { skuCode, now } }));
    await answer(res, result.state, result.events.length ? WISHLIST_MESSAGES.removed : WISHLIST_MESSAGES.notThere);
  });

  return router;
}
