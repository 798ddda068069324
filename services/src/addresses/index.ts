import { addressEvents, type AddressErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** A shopper's address book (documented with the account's routes). */
export const addresses = {
  name: "addresses",
  events: [...addressEvents],
  errorStatus: {
    ADDRESS_NOT_FOUND: 404,
  } satisfies Record<AddressErrorCode, number>,
  projections: ["addresses"],
  routers: async (deps) => [(await import("./addresses-router.ts")).makeAddressesRouter(deps)],
} satisfies Feature<FeatureDeps>;
