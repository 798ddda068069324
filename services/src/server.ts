import { paymentGatewayFor } from "./payments/gateway-for-config.ts";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { allProjections, ProjectionRunner } from "@shop/projections";
import type { EventStore } from "@shop/shared";
import { migrateLoginAttempts } from "./accounts/login-throttle.ts";
import { createApp, type FailedReadiness, type Readiness } from "./app.ts";
import type { Express } from "express";
import { seedDemoData } from "./demo/demo-data.ts";
import { seedDemoSales } from "./demo/demo-sales.ts";
import { openEventStore } from "./eventstore/open-event-store.ts";
import { migrateEventStore } from "./eventstore/postgres-schema.ts";
import { auditFeed, type LiveMessageMapper } from "./live/live-messages.ts";
import { attachLiveGateway } from "./live/live-gateway.ts";
import { FEATURES } from "./features.ts";
import { liveMappersOf, roomStatesOf, roomsOf } from "./platform/feature.ts";
import { startLockExpirySweeper } from "./locks/lock-expiry-sweeper.ts";
import { lockTimings, type LockTimings } from "./locks/lock-timings.ts";
import { runContentAction } from "./content/content-actions.ts";
import { startScheduledActionSweeper } from "./scheduled-actions/scheduled-action-sweeper.ts";
import { startCheckHoldSweeper } from "./orders/check-holds.ts";
import { startPutBackSweeper } from "./orders/put-back-sweeper.ts";
import { orderNumbersFrom } from "./orders/order-number.ts";
import { startPaymentReactor } from "./checkout/payment-reactor.ts";
import { startMonthlyGiftStartSweeper } from "./monthly-gifts/monthly-gift-start-sweeper.ts";
import { startStaleHoldSweeper } from "./payments/stale-hold-sweeper.ts";
import { startMailSender } from "./mail/mail-sender.ts";
import { mailTransportFor, type MailTransport } from "./mail/mail-transport.ts";
import { migratePersonKeys } from "@shop/projections";
import { startStaffPresence } from "./presence/staff-presence.ts";
import type { Config } from "./platform/config.ts";
import { acquireDataDirLock } from "./platform/data-dir-lock.ts";
import { accountsAtStart } from "./platform/http/accounts-at-start.ts";
import { openDatabase, type DatabaseConnection } from "./platform/database.ts";
import { migrateIdCounters } from "./platform/id-allocator.ts";
import { PROJECTION_LEADER_LOCK } from "./platform/leader-lock.ts";
import { createLogger, type Logger } from "./platform/logger.ts";
import { sampleMetricsFrom, serveMetrics } from "./platform/metrics.ts";
import { underStartupMigrationLock } from "./platform/startup-migration.ts";
import { migrateSiteSecrets } from "./platform/site-secrets.ts";

/** How long a first start waits for the catalog to take the demo data before it sells from it. */
const DEMO_CATCH_UP_MS = 120_000;

export const REPO_ROOT = join(fileURLToPath(import.meta.url), "..", "..", "..");

/**
 * Every push the live gateway sends: the staff's activity feed, then each feature's mappers in the
 * features' order (features.ts); the gateway adds none of its own.
 */
export async function liveMappers(): Promise<LiveMessageMapper[]> {
  return [auditFeed, ...(await liveMappersOf(FEATURES))];
}

export interface RunningServer {
  url: string;
  port: number;
  /** http://host:port/metrics when METRICS_PORT is set. */
  metricsUrl: string | null;
  store: EventStore;
  database: DatabaseConnection;
  runner: ProjectionRunner;
  log: Logger;
  /** The express app, so fault tests can list its routes. */
  app: Express;
  /**
   * What /readyz answers: "starting" until the read models have caught up at start-up, "stopping" once
   * closing, and a "failed" report while a read model is stopped on an event.
   */
  readiness(): Promise<Readiness | FailedReadiness>;
  close(): Promise<void>;
}

/** Everything the app needs, wired: database, event store, projections, HTTP, live push. */
export async function startServer(
  config: Config,
  options: {
    clock?: () => Date;
    log?: Logger;
    serveFrontEnds?: boolean;
    frontEndRoot?: string;
    locks?: Partial<LockTimings>;
    scheduledActionsEveryMs?: number;
    /** How often the leader looks for unpaid check orders past their hold (default 60 s). */
    checkHoldsEveryMs?: number;
    /** How often the leader finishes put-backs cut short (30 s by default). */
    putBacksEveryMs?: number;
    monthlyGiftStartsEveryMs?: number;
    staleHoldsEveryMs?: number;
    /** How often the leader settles abandoned payment attempts (10 s by default). */
    paymentReactorEveryMs?: number;
    sessionRecheckEveryMs?: number;
    /** The mail sender's transport and sweep interval (tests); by default SMTP_URL's, or the local mailbox. */
    mail?: { transport?: MailTransport; everyMs?: number };
  } = {},
): Promise<RunningServer> {
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? createLogger(config.LOG_LEVEL);
  const dirLock = config.DATABASE_URL ? null : acquireDataDirLock(config.DATA_DIR, "server");
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          url: config.DATABASE_URL,
          schema: config.DATABASE_SCHEMA,
          connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          poolSize: config.DATABASE_POOL_SIZE,
        }
      : { dataDir: join(config.DATA_DIR, "pglite"), schema: config.DATABASE_SCHEMA },
  );
  await migrateSharedTables(database);
  const store = await openEventStore(config, database);
  const runner = new ProjectionRunner({
    db: database.db,
    store,
    projections: allProjections,
    tryLeadership: () => database.tryAdvisoryLock(PROJECTION_LEADER_LOCK),
    log,
  });
  await runner.start();

  // One gateway for the requests and the payment reactor (the test gateway's charges are its memory).
  const paymentGateway = paymentGatewayFor(config, database.db);
  if (config.DEMO_DATA) {
    const position = await seedDemoData(store, clock, database.db);
    if (position) {
      // The demo sales read the catalog: wait until it holds the demo funds (runner.waitFor's default
      // 5 s ran out on a loaded machine, and the first sale was refused "Please choose a fund").
      if (!(await runner.waitFor(position, ["catalog"], DEMO_CATCH_UP_MS)))
        throw new Error(`the catalog read model did not take the demo data within ${DEMO_CATCH_UP_MS / 1000} s`);
      // Only on the start that seeded the empty log: a restart finds it seeded and adds no sales.
      const sold = await seedDemoSales({
        store,
        db: database.db,
        clock,
        gateway: paymentGateway,
        siteUrl: config.SITE_URL,
      });
      if (sold) await runner.waitFor(sold);
    }
  }

  // Not ready until the read models have caught up with the log as it was at start-up, nor once stopping.
  let phase: Readiness = "starting";
  const caughtUpAtStart = (async () => {
    const head = await store.head();
    while (phase === "starting") {
      try {
        // A read model stopped on a failure is reported by readiness itself; the others must catch up.
        const failed = new Set((await runner.failures()).map((f) => f.projection));
        if (
          await runner.waitFor(
            head,
            allProjections.map((p) => p.name).filter((n) => !failed.has(n)),
            5000,
          )
        )
          break;
      } catch (error) {
        log.error({ err: error }, "waiting for the read models to catch up failed; retrying");
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    if (phase === "starting") phase = "ready";
  })().catch((error) => log.error({ err: error }, "could not read the log head at start-up"));

  async function readiness(): Promise<Readiness | FailedReadiness> {
    if (phase === "stopping") return phase;
    const failed = await runner.failures(); // also proves the database answers
    if (failed.length > 0) return { status: "failed", failed };
    return phase;
  }

  const app = await createApp({
    store,
    db: database.db,
    clock,
    log,
    waitForProjections: (position, names) => runner.waitFor(position, names),
    catalogStamp: () => runner.changeStamp("catalog"),
    readiness,
    sessionSecret: config.SESSION_SECRET,
    sessionDays: config.SESSION_DAYS,
    behindProxy: config.BEHIND_PROXY,
    siteUrl: config.SITE_URL,
    rateLimitMultiplier: config.RATE_LIMIT_MULTIPLIER,
    siteTimeZone: config.SITE_TIME_ZONE,
    paymentGateway,
    checkHoldDays: config.CHECK_HOLD_DAYS,
    stripeWebhookSecret: config.STRIPE_WEBHOOK_SECRET,
    answerCheck: config.API_ANSWER_CHECK,
    shedLoad: { oldestWaitMs: database.oldestWaitMs, afterMs: config.DATABASE_SHED_AFTER_MS },
    accountsAtStart: accountsAtStart(
      () => store.head(),
      (position, names, timeoutMs) => runner.waitFor(position, names, timeoutMs),
      async () => (await runner.failures()).map((f) => f.projection),
    ),
    analytics: config.ANALYTICS,
    frontEndRoot: options.serveFrontEnds === false ? undefined : (options.frontEndRoot ?? REPO_ROOT),
  });
  const httpServer = createServer(app);
  const timings = lockTimings(options.locks);
  const presence = await startStaffPresence({
    db: database.db,
    clock,
    log,
    heartbeatEveryMs: timings.heartbeatEveryMs,
  });
  const gateway = await attachLiveGateway({
    httpServer,
    store,
    db: database.db,
    clock,
    log,
    sessionSecret: config.SESSION_SECRET,
    mappers: await liveMappers(),
    rooms: await roomsOf(FEATURES),
    roomStates: await roomStatesOf(FEATURES),
    presence,
    behindProxy: config.BEHIND_PROXY,
    sessionRecheckEveryMs: options.sessionRecheckEveryMs,
    readModelsAt: (position) => runner.waitFor(position),
  });
  // What the leader's sweepers share: each works only while this process leads the projections.
  const leaderWork = { store, db: database.db, clock, log, isLeader: () => runner.isLeader };
  const lockExpiry = startLockExpirySweeper({ ...leaderWork, timings });
  const scheduledActions = startScheduledActionSweeper({
    ...leaderWork,
    runContentAction,
    intervalMs: options.scheduledActionsEveryMs,
  });
  const checkHolds = startCheckHoldSweeper({ ...leaderWork, intervalMs: options.checkHoldsEveryMs });
  // Finishes or undoes a payment attempt a killed process left unsettled (issue 23, point 1).
  const paymentReactor = startPaymentReactor({
    ...leaderWork,
    gateway: paymentGateway,
    nextOrderNumber: orderNumbersFrom(database.db),
    checkHoldDays: config.CHECK_HOLD_DAYS,
    intervalMs: options.paymentReactorEveryMs,
  });
  // Finishes a cancel's or refund's put-back that a killed process left half done.
  const putBacks = startPutBackSweeper({ ...leaderWork, intervalMs: options.putBacksEveryMs });
  // Gives back a Stripe hold whose payment was confirmed in the browser and never posted.
  const staleHolds = startStaleHoldSweeper({
    ...leaderWork,
    gateway: paymentGateway,
    intervalMs: options.staleHoldsEveryMs,
  });
  // Starts a monthly gift whose first month was paid but whose start the giver's request never finished.
  const monthlyGiftStarts = startMonthlyGiftStartSweeper({
    ...leaderWork,
    gateway: paymentGateway,
    siteUrl: config.SITE_URL,
    intervalMs: options.monthlyGiftStartsEveryMs,
  });
  const mailSender = startMailSender({
    ...leaderWork,
    transport: options.mail?.transport ?? mailTransportFor(config),
    intervalMs: options.mail?.everyMs,
    from: config.MAIL_FROM,
    waitForMailbox: (position) => runner.waitFor(position, ["mailbox"]),
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG }, resolve);
  });
  const stopSampling = sampleMetricsFrom({
    db: database.db,
    isLeader: () => runner.isLeader,
    liveSockets: () => ({
      "/admin": gateway.io.of("/admin").sockets.size,
      "/public": gateway.io.of("/public").sockets.size,
    }),
  });
  const metrics =
    config.METRICS_PORT === undefined ? null : await serveMetrics(config.METRICS_PORT, config.METRICS_HOST);
  const metricsAddress = metrics?.address();
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${port}`,
    port,
    metricsUrl:
      typeof metricsAddress === "object" && metricsAddress
        ? `http://${config.METRICS_HOST === "0.0.0.0" || config.METRICS_HOST === "::" ? "localhost" : config.METRICS_HOST}:${metricsAddress.port}/metrics`
        : null,
    store,
    database,
    runner,
    log,
    app,
    readiness,
    close() {
      closing ??= (async () => {
        phase = "stopping";
        httpServer.closeIdleConnections();
        stopSampling();
        metrics?.closeAllConnections();
        await new Promise((resolve) => (metrics ? metrics.close(resolve) : resolve(undefined)));
        await lockExpiry.stop();
        await scheduledActions.stop();
        await checkHolds.stop();
        await putBacks.stop();
        await monthlyGiftStarts.stop();
        await staleHolds.stop();
        await paymentReactor.stop();
        await mailSender.stop();
        await gateway.close(); // also closes the HTTP server
        await presence.stop();
        await runner.stop();
        await caughtUpAtStart;
        await store.close();
        await database.close();
        dirLock?.release();
      })();
      return closing;
    },
  };
}

/**
 * Connections the kernel completes and holds for the process before it accepts them (Linux caps it at
 * net.core.somaxconn, 4096 by default). Node's default, 511, overflows when the sockets of a dead
 * process all reconnect to this one within a second while its event loop is busy: the kernel then drops
 * the proxy's connects, nginx's connect times out (2 s), and a timeout marks the process down, leaving
 * the sockets no process to reconnect to for `fail_timeout`.
 */
export const LISTEN_BACKLOG = 4096;

/** Creates the tables every process shares (the staff presence table is its tracker's own). */
async function migrateSharedTables(database: DatabaseConnection): Promise<void> {
  await underStartupMigrationLock(database.db, migrateEventStore);
  await migrateIdCounters(database.db);
  await underStartupMigrationLock(database.db, migrateLoginAttempts);
  await underStartupMigrationLock(database.db, migratePersonKeys);
  await underStartupMigrationLock(database.db, migrateSiteSecrets);
}
