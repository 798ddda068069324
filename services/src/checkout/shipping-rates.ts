import { foldStream } from "../platform/command-handler.ts";
import { SHIPPING_RATES_STREAM, shippingRateEvents, type EventStore, type ShippingRate } from "@shop/shared";

/** The rate table until staff set one: ground (free from $75 of goods), two-day and overnight. */
export const DEMO_SHIPPING_RATES: readonly ShippingRate[] = [
  { code: "standard", label: "Standard (5-7 business days)", baseCents: 599, perItemCents: 100, freeOverCents: 7500 },
  { code: "two_day", label: "Two-day", baseCents: 1499, perItemCents: 200, freeOverCents: null },
  { code: "overnight", label: "Overnight", baseCents: 2999, perItemCents: 300, freeOverCents: null },
];

const ratesDecider = {
  initialState: (): readonly ShippingRate[] => DEMO_SHIPPING_RATES,
  events: shippingRateEvents,
  evolve: (_state: readonly ShippingRate[], event: { type: "ShippingRatesSet"; data: { rates: ShippingRate[] } }) =>
    event.data.rates,
};

/** The rate table from its setting stream (the log, not a read model: it prices money). */
export async function loadShippingRates(store: EventStore): Promise<readonly ShippingRate[]> {
  return foldStream(ratesDecider, await store.readStream(SHIPPING_RATES_STREAM));
}
