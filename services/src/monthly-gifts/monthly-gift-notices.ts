import { MonthlyGiftNotFoundError, type EventMetadata } from "@shop/shared";
import type { GatewayOutcome } from "../orders/gateway-events.ts";
import type { MonthlyCharge } from "../payments/payment-gateway.ts";
import { cancelMonthlyGift, recordMonthlyCharge, type MonthlyGiftDeps } from "./monthly-gift-commands.ts";

/** What a gateway says about a monthly gift: a month charged (or not), or its subscription ended on its side. */
export type MonthlyNotice = { charge: MonthlyCharge } | { ended: { gift: string; subscription: string } };

/**
 * A gateway's notice about a monthly gift (Stripe's webhooks): a month recorded once per invoice (and
 * counted on the thermometer), or the gift cancelled by the gateway. A gift the shop does not know,
 * or whose subscription differs, is refused and left alone (`refused`: the webhook logs it).
 */
export async function monthlyGiftFromGateway(
  deps: MonthlyGiftDeps,
  notice: MonthlyNotice,
  metadata: EventMetadata,
): Promise<GatewayOutcome> {
  try {
    if ("charge" in notice) {
      const { lastWrite } = await recordMonthlyCharge(deps, notice.charge, metadata);
      return lastWrite ? "done" : "nothing";
    }
    const result = await cancelMonthlyGift(
      deps,
      notice.ended.gift,
      { cancelledBy: "gateway", owner: null, by: null },
      metadata,
    );
    return result.appended ? "done" : "nothing";
  } catch (error) {
    if (error instanceof MonthlyGiftNotFoundError) return "refused";
    throw error;
  }
}
