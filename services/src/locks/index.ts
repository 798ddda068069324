import { lockEvents, type LockErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Record locks, and the record rooms staff sockets watch. */
export const locks = {
  name: "locks",
  events: [...lockEvents],
  errorStatus: {
    ALREADY_LOCKED: 409,
  } satisfies Record<LockErrorCode, number>,
  projections: ["record_locks"],
  routers: async (deps) => [(await import("./locks-router.ts")).makeLocksRouter(deps)],
  routeDocs: async () => (await import("./locks-route-docs.ts")).LOCK_ROUTES,
  liveMappers: async () => [(await import("./lock-live-messages.ts")).lockLiveMessages],
  rooms: { admin: async () => (await import("./record-rooms.ts")).recordRooms },
} satisfies Feature<FeatureDeps>;
