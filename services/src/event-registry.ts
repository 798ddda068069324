import { lookupCatalogEvents, scheduledActionEvents } from "@shop/shared";
import { accountEvents, catalogEvents, contentEvents, donationEvents, EventRegistry, lockEvents } from "@shop/shared";
import { cartEvents, discountEvents } from "@shop/shared";

/** Every event type the app writes, so each is validated (and upcast) when read back. */
export function createEventRegistry(): EventRegistry {
  return new EventRegistry().register(
    ...accountEvents,
    ...catalogEvents,
    ...cartEvents,
    ...discountEvents,
    ...contentEvents,
    ...donationEvents,
    ...lockEvents,
    ...lookupCatalogEvents,
    ...scheduledActionEvents,
  );
}
