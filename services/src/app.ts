import { existsSync } from "node:fs";
import { join } from "node:path";
import express, { type Express } from "express";
import type { Kysely } from "kysely";
import { type EventStore, type LogPosition, NotFoundError } from "@shop/shared";
import { loadSkusForCart, type ProjectionFailure } from "@shop/projections";
import { cachedSkuLoader } from "./catalog/sku-cache.ts";
import { makeAccountsRouter } from "./accounts/accounts-router.ts";
import { createLoginThrottle } from "./accounts/login-throttle.ts";
import { makeAuditRouter } from "./audit/audit-router.ts";
import { makeLookupsRouter } from "./lookups/lookups-router.ts";
import { makeScheduledActionsRouter } from "./scheduled-actions/scheduled-actions-router.ts";
import { makeLocksRouter } from "./locks/locks-router.ts";
import { makeContentRouter } from "./content/content-router.ts";
import { makeKeywordsRouter } from "./keywords/keywords-router.ts";
import { makeCampaignsRouter } from "./campaigns/campaigns-router.ts";
import { makeDiscountsRouter } from "./discounts/discounts-router.ts";
import { makeMailboxRouter } from "./mail/mailbox-router.ts";
import { makeAddressesRouter } from "./addresses/addresses-router.ts";
import { mergeVisitorCart } from "./cart/cart-merge.ts";
import { makeCartRouter } from "./cart/cart-router.ts";
import { CART_COOKIE_SECRET, readVisitorCart } from "./cart/cart-id.ts";
import { makeCheckoutRouter } from "./checkout/checkout-router.ts";
import { makeQuickCheckoutRouter } from "./checkout/quick-checkout-router.ts";
import { makeOrdersRouter } from "./orders/orders-router.ts";
import { makeAdminOrdersRouter } from "./orders/admin-orders-router.ts";
import { makeShippingRatesRouter } from "./checkout/shipping-rates-router.ts";
import { createTestGateway } from "./payments/test-gateway.ts";
import { createCardAttemptThrottle } from "./payments/card-attempts.ts";
import type { PaymentGateway } from "./payments/payment-gateway.ts";
import { allocateId } from "./platform/id-allocator.ts";
import { makeWishlistRouter } from "./wishlist/wishlist-router.ts";
import { makeRolesRouter } from "./contributors/roles-router.ts";
import { makePagesRouter } from "./content/pages-router.ts";
import { makeStorefrontCatalogRouter } from "./catalog/storefront-catalog-router.ts";
import { makeCategoryPagesRouter } from "./category-pages/category-pages-router.ts";
import { makeAdminCatalogRouter } from "./catalog/admin-catalog-router.ts";
import { makeSiteRouter } from "./site/site-router.ts";
import { makeNavRouter } from "./nav/nav-router.ts";
import { makeSearchRouter } from "./search/search-router.ts";
import { makeGamifyAdminRouter } from "./gamify/gamify-admin-router.ts";
import { confirmGamifyVisitorEmail } from "./gamify/confirmed-email.ts";
import { mergeGamifyAtLogin } from "./gamify/gamify-merge.ts";
import { makeGamifyRouter } from "./gamify/gamify-router.ts";
import { makeClientErrorsRouter } from "./client-errors/client-errors-router.ts";
import { makeStorefrontPagesRouter } from "./storefront-pages/storefront-pages-router.ts";
import { makeOpenApiRouter } from "./platform/openapi/docs-router.ts";
import { makeRadioRouter } from "./radio/radio-router.ts";
import { makeAdsRouter } from "./ads/ads-router.ts";
import { makeNewslettersRouter } from "./newsletters/newsletters-router.ts";
import { makeKidsModeRouter } from "./kids-mode/kids-mode-router.ts";
import { DEFAULT_SITE_TIME_ZONE } from "@shop/shared/domain/site-time";
import { loadSessionUser, requireStaff } from "./platform/http/auth.ts";
import { issueCsrfCookie, verifyCsrfToken } from "./platform/http/csrf.ts";
import { errorHandler } from "./platform/http/error-handler.ts";
import { refuseOutOfRangePathIds } from "./platform/http/path-ids.ts";
import { refuseNullCharacters } from "./platform/http/validate.ts";
import { requestContext } from "./platform/http/request-context.ts";
import { securityHeaders } from "./platform/http/security-headers.ts";
import { visibleOrNotYet } from "./platform/read-your-writes.ts";
import { siteSecret } from "./platform/site-secrets.ts";
import type { Logger } from "./platform/logger.ts";
import type { Database } from "@shop/projections";

export type Readiness = "ready" | "starting" | "stopping";

/** /readyz when a read model is stopped on an event: 503 naming each (projection, position, stream, type, error). */
export interface FailedReadiness {
  status: "failed";
  failed: ProjectionFailure[];
}

/**
 * Back-office pages whose URL lies under the /admin/base/ API prefix (admin/src/app/router.tsx):
 * a staff browser navigating there gets the back office; everyone else the API's 401/403.
 */
// Back-office pages under /admin/base/, which is also an API prefix: the list, its add page and each record.
const ADMIN_BASE_PAGES = [
  "/admin/base/cmsactionevent/",
  "/admin/base/cmsactionevent/add/",
  "/admin/base/cmsactionevent/:id/",
];

export interface AppDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  log: Logger;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
  /** "ready" once the read models have caught up with the log at start-up, "stopping" after SIGTERM. */
  readiness: () => Promise<Readiness | FailedReadiness>;
  sessionSecret?: string;
  sessionDays: number;
  behindProxy: boolean;
  /** SITE_URL: the shop's public origin, no trailing slash; every absolute URL is built from it, never from Host. */
  siteUrl: string;
  /** RATE_LIMIT_MULTIPLIER: multiplies the abuse limits (1 unless a bench raises it). */
  rateLimitMultiplier?: number;
  /** SITE_TIME_ZONE, told to the admin (default America/New_York). */
  siteTimeZone?: string;
  /** PAYMENT_GATEWAY: the test gateway unless given. */
  paymentGateway?: PaymentGateway;
  /** CHECK_HOLD_DAYS: how long an unpaid check order holds its stock (default 14). */
  checkHoldDays?: number;
  /**
   * The catalog read model's change stamp (`ProjectionRunner.changeStamp`): SKU rows are cached while
   * it stays the same. Omitted or null: every cart write reads them.
   */
  catalogStamp?: () => string | null;
  /** Folder holding web/dist and admin/dist; omit to serve no front end (API tests). */
  frontEndRoot?: string;
}

const notFound = (_req: express.Request, _res: express.Response, next: express.NextFunction) =>
  next(new NotFoundError());

export function createApp(appDeps: AppDeps): Express {
  // Routers wait for their read models through this: a wait that times out answers 503, never a plain success.
  const deps: AppDeps = { ...appDeps, waitForProjections: visibleOrNotYet(appDeps.waitForProjections, appDeps.log) };
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", deps.behindProxy ? 1 : false);

  // One gateway for checkout and the staff's refunds (the test gateway keeps its charges in memory).
  const gateway = deps.paymentGateway ?? createTestGateway();
  // Declined card attempts, shared by the four-step and the quick checkout.
  const cardAttempts = createCardAttemptThrottle(deps.rateLimitMultiplier ?? 1);
  const loadSkus = cachedSkuLoader((codes) => loadSkusForCart(deps.db, codes), deps.catalogStamp ?? (() => null));
  // CSP and the other security headers on every answer, errors included; Stripe's elements only when Stripe is the gateway.
  app.use(securityHeaders({ stripe: Boolean(gateway.browserPayment) }));
  // First of all, so that every answer carries the cookie, even a health check or a body-parse error.
  app.use(issueCsrfCookie({ secure: deps.behindProxy }));
  app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    const status = await deps.readiness().catch((): Readiness => "starting");
    res.status(status === "ready" ? 200 : 503).json(typeof status === "string" ? { status } : status);
  });

  app.use(requestContext(app, deps.log));
  app.use(verifyCsrfToken()); // before the body is parsed: a forged request is not worth parsing
  app.use(express.json({ limit: "1mb" }));
  app.use(express.urlencoded({ extended: false, limit: "1mb" }));
  app.use(loadSessionUser(deps));
  app.use(readVisitorCart(siteSecret(deps, CART_COOKIE_SECRET)));

  app.use(
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
  );

  // The back office's API: staff only, whatever the Accept header. Feature routers use full paths so a URL is found by searching for it.
  app.use(["/admin/api", "/admin/base"], requireStaff);
  if (deps.frontEndRoot) {
    const adminIndex = join(deps.frontEndRoot, "admin", "dist", "index.html");
    app.get(ADMIN_BASE_PAGES, (req, res, next) =>
      existsSync(adminIndex) && req.accepts(["json", "html"]) === "html" ? res.sendFile(adminIndex) : next(),
    );
  }
  // After the staff check, so a visitor still gets 401 whatever the request holds.
  app.use(["/api", "/admin"], refuseOutOfRangePathIds(), refuseNullCharacters());
  // The shop's busiest public calls first: express tries every router's routes in order until one matches.
  app.use(
    makeCartRouter({
      store: deps.store,
      clock: deps.clock,
      behindProxy: deps.behindProxy,
      siteUrl: deps.siteUrl,
      loadSkus,
    }),
  );
  app.use(makeStorefrontCatalogRouter(deps));
  app.use(makeLookupsRouter(deps)); // before the other admin routers: the picker search shares POST URLs with creates
  app.use(makeScheduledActionsRouter(deps));
  app.use(makeAuditRouter(deps));
  app.use(makeLocksRouter(deps));
  app.use(makeContentRouter(deps));
  app.use(makeKeywordsRouter(deps));
  app.use(makeCampaignsRouter(deps));
  app.use(makeDiscountsRouter(deps));
  app.use(makeMailboxRouter(deps));
  app.use(makeAddressesRouter(deps));
  app.use(
    makeCheckoutRouter({
      ...deps,
      loadSkus,
      gateway,
      cardAttempts,
      nextOrderNumber: async () => String(100_000 + (await allocateId(deps.db, "order"))),
    }),
  );
  app.use(
    makeQuickCheckoutRouter({
      ...deps,
      loadSkus,
      gateway,
      cardAttempts,
      nextOrderNumber: async () => String(100_000 + (await allocateId(deps.db, "order"))),
    }),
  );
  app.use(makeOrdersRouter({ ...deps, shopTestMode: gateway.name === "test" }));
  app.use(makeAdminOrdersRouter({ ...deps, gateway }));
  app.use(makeShippingRatesRouter(deps));
  app.use(makeWishlistRouter({ store: deps.store, clock: deps.clock, loadSkus }));
  app.use(makeRolesRouter(deps));
  app.use(makeCategoryPagesRouter(deps));
  app.use(makeAdminCatalogRouter(deps));
  app.use(makePagesRouter(deps));
  app.use(makeRadioRouter(deps));
  app.use(makeAdsRouter(deps));
  app.use(
    makeNewslettersRouter({
      ...deps,
      // A visitor confirming its address in this browser gets its giveaway entries into draws.
      afterConfirm: (req, email) =>
        confirmGamifyVisitorEmail(deps, req, email).catch((err) =>
          req.log.error({ err }, "giveaway visitor not tied to the confirmed address"),
        ),
    }),
  );
  app.use(makeKidsModeRouter(deps));
  app.use(makeNavRouter(deps));
  app.use(makeSearchRouter(deps));
  app.use(makeGamifyRouter(deps));
  app.use(makeGamifyAdminRouter(deps));
  app.use(makeClientErrorsRouter(deps));
  app.use(makeOpenApiRouter(deps)); // the API reference: /api/openapi.json and /api/docs/
  app.use(makeSiteRouter({ siteTimeZone: deps.siteTimeZone ?? DEFAULT_SITE_TIME_ZONE }));
  app.use(["/api", "/admin/api", "/admin/base"], notFound);

  if (deps.frontEndRoot) serveFrontEnds(app, deps.frontEndRoot, deps);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}

/** The built back office at /admin/ (index.html for deep links) and the storefront's pages, rendered on the server. */
function serveFrontEnds(app: Express, root: string, { log, db, siteUrl }: AppDeps) {
  const adminDist = join(root, "admin", "dist");
  const webDist = join(root, "web", "dist");
  if (existsSync(adminDist)) {
    app.use("/admin", express.static(adminDist, { index: "index.html" }));
    app.get("/admin/{*splat}", (_req, res) => res.sendFile(join(adminDist, "index.html")));
    app.get("/admin", (_req, res) => res.redirect(301, "/admin/"));
  }
  if (existsSync(webDist)) {
    app.use(express.static(webDist, { index: false })); // "/" is a page like any other: rendered, not the bare shell
    app.use(makeStorefrontPagesRouter({ webRoot: join(root, "web"), log, db, siteUrl }));
  }
}
