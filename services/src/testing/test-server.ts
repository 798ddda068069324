import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { ConfigSchema } from "../platform/config.ts";
import type { LockTimings } from "../locks/lock-timings.ts";
import type { Logger } from "../platform/logger.ts";
import type { MailTransport } from "../mail/mail-transport.ts";
import { startServer, type RunningServer } from "../server.ts";
import { pgliteTemplate } from "./pglite-template.ts";
import { dropSchema, testDatabaseUrl } from "./test-database.ts";

export interface TestServerOptions {
  /** Share a database with another test server (two processes behind a load balancer). */
  schema?: string;
  dataDir?: string;
  pglite?: boolean;
  demoData?: boolean;
  clock?: () => Date;
  /** Lock expiry and presence timings (tests shorten them). */
  locks?: Partial<LockTimings>;
  /** How often the scheduled-action sweeper looks for due actions (default 1 s). */
  scheduledActionsEveryMs?: number;
  /** How often the check-hold sweeper looks for unpaid check orders past their hold (default 60 s). */
  checkHoldsEveryMs?: number;
  putBacksEveryMs?: number;
  /** Serve the front ends from this folder (holding web/dist and admin/dist); none by default. */
  frontEndRoot?: string;
  /** BEHIND_PROXY: trust X-Forwarded-For/-Host/-Proto (tests play several addresses or a proxy). */
  behindProxy?: boolean;
  /** How often the live gateway re-checks open admin sockets' sessions (default 60 s). */
  sessionRecheckEveryMs?: number;
  /** API_ANSWER_CHECK (default strict: an answer that does not fit the document is a 500). */
  answerCheck?: "strict" | "log" | "off";
  /** SITE_TIME_ZONE (default America/New_York). */
  siteTimeZone?: string;
  /** SITE_URL (default TEST_SITE_URL): not the address the server listens on, so a link built from Host shows. */
  siteUrl?: string;
  /** The mail sender's transport and sweep interval (default: the local mailbox, every second). */
  mail?: { transport?: MailTransport; everyMs?: number };
  /** The server's logger (silent by default). */
  log?: Logger;
  /** PAYMENT_GATEWAY: test by default (the test cards); "" as a deployment that set none. */
  paymentGateway?: "test" | "";
  /** STRIPE_WEBHOOK_SECRET: serves POST /api/payments/stripe/webhook/ (unset by default). */
  stripeWebhookSecret?: string;
  /** METRICS_PORT ("0": a free one): /metrics on a port of its own (unset by default). */
  metricsPort?: string;
  /** DATABASE_POOL_SIZE and DATABASE_SHED_AFTER_MS (the defaults unless given). */
  poolSize?: number;
  shedAfterMs?: number;
}

/** The SITE_URL test servers have unless told otherwise. */
export const TEST_SITE_URL = "https://shop.example.org";

/** Where a test server keeps its data, so a second server (or a restart) can open the same place. */
export interface TestServerPlace {
  url: string;
  schema: string;
  dataDir: string;
}

export function newTestPlace(options: { pglite?: boolean } = {}): TestServerPlace {
  return {
    url: options.pglite ? "" : testDatabaseUrl(),
    schema: `t_${randomBytes(6).toString("hex")}`,
    dataDir: mkdtempSync(join(tmpdir(), "shop-test-")),
  };
}

/** A real server on a free port, on PostgreSQL when the tests have one, else on PGlite in a temp folder. */
export async function startTestServer(place: TestServerPlace, options: TestServerOptions = {}): Promise<RunningServer> {
  if (!place.url) await seedPgliteFolder(join(place.dataDir, "pglite"));
  const config = ConfigSchema.parse({
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: place.url,
    DATABASE_SCHEMA: place.url ? place.schema : "public",
    DATA_DIR: place.dataDir,
    DEMO_DATA: options.demoData ? "true" : "false",
    LOG_LEVEL: "silent",
    BEHIND_PROXY: options.behindProxy ? "true" : "false",
    SITE_TIME_ZONE: options.siteTimeZone,
    PAYMENT_GATEWAY: options.paymentGateway ?? "test",
    SITE_URL: options.siteUrl ?? TEST_SITE_URL,
    STRIPE_WEBHOOK_SECRET: options.stripeWebhookSecret,
    API_ANSWER_CHECK: options.answerCheck ?? "strict",
    METRICS_PORT: options.metricsPort,
    DATABASE_POOL_SIZE: options.poolSize,
    DATABASE_SHED_AFTER_MS: options.shedAfterMs,
  });
  return startServer(config, {
    log: options.log,
    clock: options.clock,
    serveFrontEnds: options.frontEndRoot !== undefined,
    frontEndRoot: options.frontEndRoot,
    locks: options.locks,
    scheduledActionsEveryMs: options.scheduledActionsEveryMs,
    checkHoldsEveryMs: options.checkHoldsEveryMs,
    putBacksEveryMs: options.putBacksEveryMs,
    sessionRecheckEveryMs: options.sessionRecheckEveryMs,
    mail: options.mail,
  });
}

export async function removeTestPlace(place: TestServerPlace): Promise<void> {
  if (place.url) await dropSchema(place.url, place.schema);
}

/** A first start on PGlite loads an initialised data folder instead of running initdb (seconds saved per server). */
export async function seedPgliteFolder(folder: string): Promise<void> {
  if (existsSync(folder)) return; // a restart, or a second process on the same place
  const pglite = new PGlite(folder, { loadDataDir: await pgliteTemplate() });
  await pglite.waitReady;
  await pglite.close();
}
