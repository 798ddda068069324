import { existsSync } from "node:fs";
import { join } from "node:path";
import express, { type Express } from "express";
import { NotFoundError } from "@shop/shared";
import { externalAnalyticsHosts, parseAnalyticsSetting } from "@shop/shared/analytics/constants";
import { loadSkusForCart } from "@shop/projections";
import type { AppDeps, FeatureDeps, Readiness } from "./app-deps.ts";
import { FEATURES } from "./features.ts";
import { cachedSkuLoader } from "./catalog/sku-cache.ts";
import { CART_COOKIE_SECRET, readVisitorCart } from "./cart/cart-id.ts";
import { createTestGateway } from "./payments/test-gateway.ts";
import { createCardAttemptThrottle } from "./payments/card-attempts.ts";
import { makeStorefrontPagesRouter } from "./storefront-pages/storefront-pages-router.ts";
import { makeOpenApiRouter } from "./platform/openapi/docs-router.ts";
import { checkAnswers, refuseMissingBody } from "./platform/openapi/answer-check-middleware.ts";
import { isDatabaseUnavailable } from "./platform/database-errors.ts";
import { declareErrorStatuses } from "./platform/http/error-answers.ts";
import { errorStatusOf, routeDocsOf, routersOf } from "./platform/feature.ts";
import { loadSessionUser, requireStaff } from "./platform/http/auth.ts";
import { waitForAccountsAtStart } from "./platform/http/accounts-at-start.ts";
import { issueCsrfCookie, verifyCsrfToken } from "./platform/http/csrf.ts";
import { errorHandler } from "./platform/http/error-handler.ts";
import { refuseOutOfRangePathIds } from "./platform/http/path-ids.ts";
import { refuseNullCharacters } from "./platform/http/validate.ts";
import { requestContext } from "./platform/http/request-context.ts";
import { securityHeaders } from "./platform/http/security-headers.ts";
import { compressAnswers, NO_CACHE, staticFiles } from "./platform/http/static-files.ts";
import { inTurn } from "./platform/http/in-turn.ts";
import { onlyForItsPaths } from "./platform/http/router-paths.ts";
import { observeRequests } from "./platform/metrics.ts";
import { shedLoad } from "./platform/http/shed-load.ts";
import { visibleOrNotYet } from "./platform/read-your-writes.ts";
import { siteSecret } from "./platform/site-secrets.ts";
import { readWrittenKey, WRITTEN_COOKIE_SECRET } from "./platform/http/written-cookie.ts";

export type { AppDeps, FailedReadiness, FeatureDeps, Readiness } from "./app-deps.ts";

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

const notFound = (_req: express.Request, _res: express.Response, next: express.NextFunction) =>
  next(new NotFoundError());

/**
 * The express app: the platform's middleware, then every feature's routers in the order of
 * features.ts (loaded here, so importing the list costs nothing), the API document of their routes,
 * and the front ends.
 */
export async function createApp(appDeps: AppDeps): Promise<Express> {
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
  // Every request's platform middleware go in a few layers (inTurn: express's per-layer work was the
  // busiest routes' largest share of allocations), in this order.
  app.use(
    inTurn(
      observeRequests(), // first: every answer is timed, a refused or failed one too
      // CSP and the other security headers on every answer, errors included; Stripe's elements only when Stripe is the gateway.
      securityHeaders({
        stripe: Boolean(gateway.browserPayment),
        analytics: externalAnalyticsHosts(parseAnalyticsSetting(deps.analytics)),
      }),
      // First of all, so that every answer carries the cookie, even a health check or a body-parse error.
      issueCsrfCookie({ secure: deps.behindProxy }),
      // HTML and JSON above 1 KB go compressed; the built files carry their own .br/.gz (staticFiles).
      compressAnswers(),
      // An overloaded process refuses new API work before it reads or queues for anything (its answer still
      // carries the headers and the cookie above).
      ...(deps.shedLoad ? [shedLoad(deps.shedLoad.oldestWaitMs, deps.shedLoad.afterMs)] : []),
    ),
  );
  app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    const status = await deps
      .readiness()
      .catch((error): Readiness => (isDatabaseUnavailable(error) ? "database-unavailable" : "starting"));
    res.status(status === "ready" ? 200 : 503).json(typeof status === "string" ? { status } : status);
  });

  const featureDeps: FeatureDeps = { ...deps, gateway, cardAttempts, loadSkus };
  declareErrorStatuses(errorStatusOf(FEATURES));
  // Every JSON answer of a documented route is checked against the document (code health 6): after the statuses, which the document lists.
  const answerCheck = deps.answerCheck ?? "log";
  const checker = await answerCheckerOf(FEATURES);
  app.use(
    inTurn(
      requestContext(app, deps.log),
      ...(answerCheck !== "off" ? [checkAnswers(answerCheck, checker, deps.log)] : []),
    ),
  );
  const routers = await routersOf(FEATURES, featureDeps);
  // Signed by their sender (Stripe): no cookie, no CSRF header, the raw body as signed.
  for (const router of routers.webhooks) app.use(onlyForItsPaths(router));
  app.use(
    inTurn(
      verifyCsrfToken(), // before the body is parsed: a forged request is not worth parsing
      express.json({ limit: "1mb" }),
      express.urlencoded({ extended: false, limit: "1mb" }),
      refuseMissingBody(checker),
      ...(deps.accountsAtStart ? [waitForAccountsAtStart(deps.accountsAtStart)] : []),
      loadSessionUser(deps),
      readVisitorCart(siteSecret(deps, CART_COOKIE_SECRET)),
      readWrittenKey(siteSecret(deps, WRITTEN_COOKIE_SECRET)),
    ),
  );

  // Sign-in first: its routes answer visitors, under /admin/ too.
  for (const router of routers.beforeStaffCheck) app.use(onlyForItsPaths(router));

  // The back office's API: staff only, whatever the Accept header. Feature routers use full paths so a URL is found by searching for it.
  app.use(["/admin/api", "/admin/base"], requireStaff);
  if (deps.frontEndRoot) {
    const adminIndex = join(deps.frontEndRoot, "admin", "dist", "index.html");
    app.get(ADMIN_BASE_PAGES, (req, res, next) =>
      existsSync(adminIndex) && req.accepts(["json", "html"]) === "html"
        ? res.sendFile(adminIndex, { headers: { "Cache-Control": NO_CACHE } })
        : next(),
    );
  }
  // After the staff check, so a visitor still gets 401 whatever the request holds.
  app.use(["/api", "/admin"], inTurn(refuseOutOfRangePathIds(), refuseNullCharacters()));
  // In the features' order: express tries every router's routes in order until one matches (a router
  // none of whose routes could match the path is passed by: onlyForItsPaths).
  for (const router of routers.afterStaffCheck) app.use(onlyForItsPaths(router));
  // The API reference: /api/openapi.json and /api/docs/.
  app.use(makeOpenApiRouter({ siteUrl: deps.siteUrl, routeDocs: () => routeDocsOf(FEATURES) }));
  app.use(["/api", "/admin/api", "/admin/base"], notFound);

  if (deps.frontEndRoot) serveFrontEnds(app, deps.frontEndRoot, deps);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}

/** The checker of answers, from the document of every feature's routes (loads the document's builder). */
async function answerCheckerOf(features: typeof FEATURES) {
  const [{ openApiDocument }, { answerChecker }] = await Promise.all([
    import("./platform/openapi/document.ts"),
    import("./platform/openapi/answer-check.ts"),
  ]);
  return answerChecker(openApiDocument(await routeDocsOf(features)));
}

/** The built back office at /admin/ (index.html for deep links) and the storefront's pages, rendered on the server. */
function serveFrontEnds(app: Express, root: string, { log, db, siteUrl, analytics }: AppDeps) {
  const adminDist = join(root, "admin", "dist");
  const webDist = join(root, "web", "dist");
  if (existsSync(adminDist)) {
    app.use("/admin", staticFiles(adminDist, { index: "index.html" }));
    app.get("/admin/{*splat}", (_req, res) =>
      res.sendFile(join(adminDist, "index.html"), { headers: { "Cache-Control": NO_CACHE } }),
    );
    app.get("/admin", (_req, res) => res.redirect(301, "/admin/"));
  }
  if (existsSync(webDist)) {
    app.use(staticFiles(webDist, { index: false })); // "/" is a page like any other: rendered, not the bare shell
    app.use(makeStorefrontPagesRouter({ webRoot: join(root, "web"), log, db, siteUrl, analytics }));
  }
}
