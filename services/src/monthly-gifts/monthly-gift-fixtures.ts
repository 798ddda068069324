// For the specs: a monthly gift as the donate page leaves it once its first month is paid.
import { monthlyGiftStream } from "@shop/shared";
import { GIFT } from "../checkout/checkout-fixtures.ts";
import type { GivenEvent } from "../testing/given-event.ts";

/** `userId`'s gift of $12.50 a month to the Ark's general fund, on the test gateway unless told otherwise. */
export function monthlyGiftStarted(
  id: string,
  userId: string,
  options: { gateway?: string; subscription?: string; startedAt?: Date } = {},
): GivenEvent {
  return {
    streamId: monthlyGiftStream(id),
    type: "MonthlyGiftStarted",
    data: {
      id,
      userId,
      fund: GIFT,
      fundTitle: "General Donation",
      campaign: "ark-main",
      amountCents: 1250,
      gateway: options.gateway ?? "test",
      subscription: options.subscription ?? `test_sub_${id}`,
      brand: "Visa",
      last4: "4242",
      startedAt: (options.startedAt ?? new Date()).toISOString(),
    },
  };
}
