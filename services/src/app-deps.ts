import type { Kysely } from "kysely";
import type { EventStore, LoadSkusForCart, LogPosition } from "@shop/shared";
import type { Database, ProjectionFailure } from "@shop/projections";
import type { CardAttemptThrottle } from "./payments/card-attempts.ts";
import type { PaymentGateway } from "./payments/payment-gateway.ts";
import type { Logger } from "./platform/logger.ts";

/** "database-unavailable": the database does not answer (restarting, out of reach): 503 until it does. */
export type Readiness = "ready" | "starting" | "stopping" | "database-unavailable";

/** /readyz when a read model is stopped on an event: 503 naming each (projection, position, stream, type, error). */
export interface FailedReadiness {
  status: "failed";
  failed: ProjectionFailure[];
}

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
  /** STRIPE_WEBHOOK_SECRET (whsec_…): the Stripe webhook's signing secret; unset, the webhook is not served. */
  stripeWebhookSecret?: string;
  /**
   * The catalog read model's change stamp (`ProjectionRunner.changeStamp`): SKU rows are cached while
   * it stays the same. Omitted or null: every cart write reads them.
   */
  catalogStamp?: () => string | null;
  /** ANALYTICS: `ga4:G-…` or `plausible:domain`, the storefront's third-party analytics (none unless given). */
  analytics?: string;
  /** API_ANSWER_CHECK: answers checked against /api/openapi.json ("log" unless given). */
  answerCheck?: "strict" | "log" | "off";
  /**
   * Load shedding: the wait of the oldest request queued for a database connection, and the wait past
   * which new API requests are answered 503 SERVER_BUSY (DATABASE_SHED_AFTER_MS). Omitted: never shed.
   */
  shedLoad?: { oldestWaitMs: () => number; afterMs: number };
  /**
   * True once the accounts' read models hold the log as it was at start-up, else a promise of it:
   * requests wait for it, so a restarted server never honours a session or password changed while it
   * was down (platform/http/accounts-at-start.ts). Omitted: no wait.
   */
  accountsAtStart?: () => true | Promise<void>;
  /** Folder holding web/dist and admin/dist; omit to serve no front end (API tests). */
  frontEndRoot?: string;
}

/**
 * What every feature's routers get (features.ts): the app's dependencies, and what app.ts makes once
 * for all of them: the card gateway, the declined-card throttle and the SKU loader behind cart writes.
 */
export interface FeatureDeps extends AppDeps {
  gateway: PaymentGateway;
  cardAttempts: CardAttemptThrottle;
  loadSkus: LoadSkusForCart;
}
