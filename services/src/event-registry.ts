import { EventRegistry } from "@shop/shared";
import { FEATURES } from "./features.ts";
import { eventsOf } from "./platform/feature.ts";

/** Every event type the app writes (each feature's, features.ts), so each is validated (and upcast) when read back. */
export function createEventRegistry(): EventRegistry {
  return new EventRegistry().register(...eventsOf(FEATURES));
}
