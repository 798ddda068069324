import { radioEvents, type RadioErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Radio stations. */
export const radio = {
  name: "radio",
  events: [...radioEvents],
  errorStatus: {
    RADIO_STATION_NOT_FOUND: 404,
    RADIO_STATION_EXISTS: 400,
  } satisfies Record<RadioErrorCode, number>,
  projections: ["radio_stations"],
  routers: async (deps) => [(await import("./radio-router.ts")).makeRadioRouter(deps)],
  routeDocs: async () => (await import("./radio-route-docs.ts")).RADIO_ROUTES,
} satisfies Feature<FeatureDeps>;
