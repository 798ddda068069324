import { type NextFunction, type Request, type Response, Router } from "express";
import {
  LOGIN_REQUIRED,
  MONTHLY_GIFT_MESSAGES,
  MonthlyGiftCancelledError,
  MonthlyGiftNotFoundError,
  MonthlyGiftOtherGatewayError,
  NotFoundError,
  TestMonthRequest,
  type EventMetadata,
  type LogPosition,
  type MonthlyGiftAnswer,
} from "@shop/shared";
import { findMonthlyGift, listMonthlyGifts, listMonthlyGiftsOf } from "@shop/projections";
import type { FeatureDeps } from "../app-deps.ts";
import { errorAnswer } from "../platform/http/error-answers.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseRequest } from "../platform/http/validate.ts";
import { seeOwnWrites } from "../platform/http/written-cookie.ts";
import { cancelMonthlyGift, loadMonthlyGift, providerName, recordMonthlyCharge } from "./monthly-gift-commands.ts";
import { monthlyGiftView } from "./monthly-gift-view.ts";

export type MonthlyGiftsRouterDeps = Pick<
  FeatureDeps,
  "store" | "db" | "clock" | "gateway" | "waitForProjections" | "siteUrl"
>;

const MINE = "/api/account/monthly-gifts/";
const STAFF = "/admin/api/monthly-gifts/";
const ok = (message?: string) => ({ success: true, errors: [], ...(message ? { message } : {}) });

/** Only the giver has a list of their own: a visitor gets 401. */
function requireSignedIn(req: Request, res: Response, next: NextFunction) {
  if (req.user) return next();
  const refusal = errorAnswer("LOGIN_REQUIRED", LOGIN_REQUIRED);
  res.status(refusal.status).json(refusal.body);
}

/**
 * Monthly gifts (issue 26 §5, §7): the giver's list and Cancel on their account page; staff's list
 * (under /admin/api/, staff only) and Cancel, recorded with the staff member as `by` (the audit trail);
 * and in test mode a month charged on demand. The lists are the monthly-gifts read model; a write
 * waits for it (and the thermometer's) before answering.
 */
export function makeMonthlyGiftsRouter(deps: MonthlyGiftsRouterDeps): Router {
  const router = Router();
  router.use(MINE, requireSignedIn);

  async function answer(res: Response, id: string, lastWrite: LogPosition | null | undefined, message?: string) {
    if (lastWrite) await deps.waitForProjections(lastWrite, ["monthly-gifts", "campaigns"]);
    const row = await findMonthlyGift(deps.db, id);
    if (!row) throw new MonthlyGiftNotFoundError();
    const body: MonthlyGiftAnswer = { metadata: ok(message), gift: monthlyGiftView(row) };
    res.json(body);
  }

  router.get(MINE, async (req, res) => {
    // A give-now's monthly gift answered without waiting (the `written` cookie): the list waits for it.
    await seeOwnWrites(deps.waitForProjections, req, ["monthly-gifts"]);
    const rows = await listMonthlyGiftsOf(deps.db, req.user!.id);
    res.json({ metadata: ok(), items: rows.map(monthlyGiftView) });
  });

  const cancel = (req: Request, who: "shopper" | "staff", metadata: EventMetadata) =>
    cancelMonthlyGift(
      deps,
      String(req.params.id),
      {
        cancelledBy: who,
        owner: who === "shopper" ? req.user!.id : null,
        by: { id: req.user!.id, name: req.user!.name },
      },
      metadata,
    );

  router.post(`${MINE}:id/cancel/`, async (req, res) => {
    const result = await cancel(req, "shopper", eventMetadata(req));
    await answer(res, String(req.params.id), result.appended?.position, MONTHLY_GIFT_MESSAGES.cancelled);
  });

  router.get(STAFF, async (_req, res) => {
    const rows = await listMonthlyGifts(deps.db);
    res.json({ metadata: ok(), items: rows.map((row) => ({ ...monthlyGiftView(row), user_id: row.user_id })) });
  });

  router.post(`${STAFF}:id/cancel/`, async (req, res) => {
    const result = await cancel(req, "staff", eventMetadata(req));
    await answer(res, String(req.params.id), result.appended?.position, MONTHLY_GIFT_MESSAGES.cancelled);
  });

  // Test mode only: the month the test gateway never brings by itself, paid or declined on request.
  router.post(`${STAFF}:id/test-month/`, async (req, res) => {
    const chargeMonth = deps.gateway.monthly?.chargeMonth;
    if (!chargeMonth) throw new NotFoundError();
    const { decline } = parseRequest(TestMonthRequest, req.body ?? {});
    const id = String(req.params.id);
    const gift = await loadMonthlyGift(deps.store, id);
    if (!gift.exists) throw new MonthlyGiftNotFoundError();
    if (gift.status === "cancelled") throw new MonthlyGiftCancelledError();
    // The test gateway charges only its own subscriptions: a real provider's gift gets no made-up month.
    if (gift.gateway !== deps.gateway.name) throw new MonthlyGiftOtherGatewayError("staff", providerName(gift.gateway));
    const charge = await chargeMonth({
      subscription: gift.subscription,
      gift: id,
      amountCents: gift.amountCents,
      decline,
    });
    const { lastWrite } = await recordMonthlyCharge(deps, charge, eventMetadata(req));
    await answer(res, id, lastWrite);
  });

  return router;
}
