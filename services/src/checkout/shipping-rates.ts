import { foldStream } from "../platform/command-handler.ts";
import {
  SHIPPING_RATES_STREAM,
  shippingRateEvents,
  type EventOf,
  type EventStore,
  type SetShippingRatesRequest,
  type ShippingRate,
  type UserRef,
} from "@shop/shared";

/** The rate table until staff set one: ground (free from $75 of goods), two-day and overnight. */
export const DEMO_SHIPPING_RATES: readonly ShippingRate[] = [
  { code: "standard", label: "Standard (5-7 business days)", baseCents: 599, perItemCents: 100, freeOverCents: 7500 },
  { code: "two_day", label: "Two-day", baseCents: 1499, perItemCents: 200, freeOverCents: null },
  { code: "overnight", label: "Overnight", baseCents: 2999, perItemCents: 300, freeOverCents: null },
];

type ShippingRateEvent = EventOf<typeof shippingRateEvents>;

export const shippingRatesDecider = {
  initialState: (): readonly ShippingRate[] => DEMO_SHIPPING_RATES,
  events: shippingRateEvents,
  evolve: (_state: readonly ShippingRate[], event: ShippingRateEvent) => event.data.rates,
};

/** Pure: staff's rows as the table (trimmed, in the order given); nothing when the table is unchanged. */
export function decideShippingRates(
  current: readonly ShippingRate[],
  input: SetShippingRatesRequest,
  context: { now: Date; by: UserRef },
): ShippingRateEvent[] {
  const rates: ShippingRate[] = input.rates.map((r) => ({
    code: r.code,
    label: r.label,
    baseCents: r.base_cents,
    perItemCents: r.per_item_cents,
    freeOverCents: r.free_over_cents,
  }));
  if (JSON.stringify(rates) === JSON.stringify(current)) return [];
  return [{ type: "ShippingRatesSet", data: { rates, at: context.now.toISOString(), by: context.by } }];
}

/** The rate table from its setting stream (the log, not a read model: it prices money). */
export async function loadShippingRates(store: EventStore): Promise<readonly ShippingRate[]> {
  return foldStream(shippingRatesDecider, await store.readStream(SHIPPING_RATES_STREAM));
}
