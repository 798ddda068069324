import { accountEvents, type AccountErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Sign-in, sign-up, password reset and sessions; mounted before the staff check (sign-in answers visitors). */
export const accounts = {
  name: "accounts",
  events: [...accountEvents],
  errorStatus: {
    LOGIN_FAILED: 400,
    LOGIN_DISABLED: 400,
    LOGIN_THROTTLED: 429,
    NO_SUCH_USER: 404,
    USER_EXISTS: 409,
    EMAIL_TAKEN: 409,
    RESET_LINK_INVALID: 400,
    SIGNUP_THROTTLED: 429,
    RESET_THROTTLED: 429,
    PASSWORD_WORK_BUSY: 503,
  } satisfies Record<AccountErrorCode, number>,
  projections: ["users", "sessions"],
  routers: async (deps) => {
    const [{ makeAccountsRouter }, { createLoginThrottle }, { mergeVisitorCart }, { mergeGamifyAtLogin }] =
      await Promise.all([
        import("./accounts-router.ts"),
        import("./login-throttle.ts"),
        import("../cart/cart-merge.ts"),
        import("../gamify/gamify-merge.ts"),
      ]);
    return [
      makeAccountsRouter({
        store: deps.store,
        db: deps.db,
        clock: deps.clock,
        throttle: createLoginThrottle(deps.db),
        waitForProjections: deps.waitForProjections,
        sessionSecret: deps.sessionSecret,
        sessionDays: deps.sessionDays,
        secureCookies: deps.behindProxy,
        siteUrl: deps.siteUrl,
        rateLimitMultiplier: deps.rateLimitMultiplier,
        // A cart that cannot be merged must not cost the shopper their login: it stays in the visitor cart.
        afterLogin: async (req, res, userId) => {
          await mergeVisitorCart(
            { store: deps.store, clock: deps.clock, secureCookies: deps.behindProxy },
            req,
            res,
            userId,
          ).catch((err) => req.log.error({ err }, "visitor cart not merged at login"));
          // Nor may the giveaway points: they stay the visitor's, merged at the next sign-in.
          await mergeGamifyAtLogin(deps, req, res, userId).catch((err) =>
            req.log.error({ err }, "visitor gamify points not merged at login"),
          );
        },
      }),
    ];
  },
  beforeStaffCheck: true,
  routeDocs: async () => {
    const { SESSION_ROUTES, ACCOUNT_ROUTES } = await import("./account-route-docs.ts");
    return [...SESSION_ROUTES, ...ACCOUNT_ROUTES];
  },
} satisfies Feature<FeatureDeps>;
