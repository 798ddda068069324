import { lookupCatalogEvents, scheduledActionEvents } from "@shop/shared";
import { accountEvents, catalogEvents, contentEvents, donationEvents, EventRegistry, lockEvents } from "@shop/shared";
import { addressEvents, mailEvents, personalDataEvents } from "@shop/shared";
import { checkoutEvents, discountUseEvents, orderEvents, quickCheckoutEvents, shippingRateEvents } from "@shop/shared";
import { adEvents } from "@shop/shared";
import { cartEvents, discountEvents, gamifyEvents, newsletterEvents, radioEvents, wishlistEvents } from "@shop/shared";

/** Every event type the app writes, so each is validated (and upcast) when read back. */
export function createEventRegistry(): EventRegistry {
  return new EventRegistry().register(
    ...accountEvents,
    ...catalogEvents,
    ...cartEvents,
    ...checkoutEvents,
    ...quickCheckoutEvents,
    ...orderEvents,
    ...discountUseEvents,
    ...shippingRateEvents,
    ...discountEvents,
    ...gamifyEvents,
    ...contentEvents,
    ...donationEvents,
    ...lockEvents,
    ...lookupCatalogEvents,
    ...scheduledActionEvents,
    ...radioEvents,
    ...adEvents,
    ...newsletterEvents,
    ...mailEvents,
    ...personalDataEvents,
    ...addressEvents,
    ...wishlistEvents,
  );
}
