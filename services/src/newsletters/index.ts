import { newsletterEvents, type NewsletterErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Newsletter lists and subscribers. */
export const newsletters = {
  name: "newsletters",
  events: [...newsletterEvents],
  errorStatus: {
    NEWSLETTER_LIST_NOT_FOUND: 404,
    NEWSLETTER_LIST_EXISTS: 400,
    NEWSLETTER_FORM_INVALID: 400,
    NEWSLETTER_LINK_INVALID: 400,
    NEWSLETTER_SUBSCRIBER_NOT_FOUND: 404,
  } satisfies Record<NewsletterErrorCode, number>,
  projections: ["newsletters"],
  routers: async (deps) => {
    const [{ makeNewslettersRouter }, { confirmGamifyVisitorEmail }] = await Promise.all([
      import("./newsletters-router.ts"),
      import("../gamify/confirmed-email.ts"),
    ]);
    return [
      makeNewslettersRouter({
        ...deps,
        // A visitor confirming its address in this browser gets its giveaway entries into draws.
        afterConfirm: (req, email) =>
          confirmGamifyVisitorEmail(deps, req, email).catch((err) =>
            req.log.error({ err }, "giveaway visitor not tied to the confirmed address"),
          ),
      }),
    ];
  },
  routeDocs: async () => (await import("./newsletters-route-docs.ts")).NEWSLETTER_ROUTES,
} satisfies Feature<FeatureDeps>;
