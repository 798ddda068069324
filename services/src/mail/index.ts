import { mailEvents } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** The outbox and the staff's mailbox. */
export const mail = {
  name: "mail",
  events: [...mailEvents],
  errorStatus: {},
  projections: ["mailbox"],
  routers: async (deps) => [(await import("./mailbox-router.ts")).makeMailboxRouter(deps)],
  routeDocs: async () => (await import("./mail-route-docs.ts")).MAIL_ROUTES,
} satisfies Feature<FeatureDeps>;
