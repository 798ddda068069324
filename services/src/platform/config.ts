import { parseAnalyticsSetting } from "@shop/shared/analytics/constants";
import { createRequire } from "node:module";
import { z } from "zod";
import { DEFAULT_SITE_TIME_ZONE, isTimeZone } from "@shop/shared/domain/site-time";

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.string().regex(protocols, hint).optional())
    .optional();

/**
 * The KurrentDB client's own connection-string parser, so EVENTSTORE_URL accepts exactly what the
 * client will (esdb:// or esdb+discover://, hosts, ports, options) and a bad value stops start-up
 * here, naming the variable, instead of failing later inside the client. Loaded only when the
 * variable is set (it pulls in the gRPC client, which the server then loads anyway). The client
 * exports no parser, hence the path into its dist/; its exact version is pinned in package.json.
 */
function esdbConnectionStringProblem(url: string): string | undefined {
  const parser: { parseConnectionString(url: string): unknown } = createRequire(import.meta.url)(
    "@eventstore/db-client/dist/Client/parseConnectionString.js",
  );
  try {
    parser.parseConnectionString(url);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const eventStoreUrl = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "") return undefined;
    const problem = esdbConnectionStringProblem(v);
    if (problem)
      ctx.addIssue({
        code: "custom",
        message: `must be a KurrentDB connection string such as esdb://host:2113?tls=false or esdb+discover://host (${problem})`,
      });
    return v;
  })
  .optional();

/** Every setting the app reads, from the environment, once, at start-up. */
const Settings = z.object({
  PORT: z.coerce.number().int("must be a whole number").min(0).max(65535).default(3000),
  /** This machine only unless asked: a fresh checkout with its demo logins must not face a network. */
  HOST: z.string().default("127.0.0.1"),
  /** PostgreSQL for events and read models; without it, PGlite in DATA_DIR. */
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://"),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, "must be a lowercase identifier")
    .default("public"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** KurrentDB/EventStoreDB for the event log (read models stay in PostgreSQL/PGlite). */
  EVENTSTORE_URL: eventStoreUrl,
  /**
   * Key for hashing session ids and signing cart cookies; changing it signs everyone out and empties
   * visitors' carts. Unset: plain hashes, and a cookie key made once and kept in `site_secrets`.
   */
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /**
   * The shop's public address (scheme, host, optional port; no path): every absolute URL (mails,
   * canonical and Open Graph tags, redirects) is built from it, never from the request's Host.
   * Default http://127.0.0.1:{PORT}; required with DATABASE_URL outside development and tests.
   */
  SITE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://shop.example.org" })
        .refine((v) => /^https?:\/\/[^/?#]+\/?$/.test(v), "must be an origin only, no path, query or fragment")
        .optional(),
    ),
  /** Multiplies the abuse limits (failures, mails, sign-ups, card declines, socket joins) for benches; 1 in production. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int("must be a whole number").min(1).max(10_000).default(1),
  /**
   * Days an unpaid check or money order holds its stock and discount uses; then the server cancels
   * it, puts them back and mails the buyer (staff who record the check in time keep the order).
   */
  CHECK_HOLD_DAYS: z.coerce.number().int("must be a whole number").min(1).max(365).default(14),
  /** PostgreSQL: how long a request waits for a connection before it is answered 503 (the database is away). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int("must be a whole number").min(100).max(60_000).default(3000),
  /** PostgreSQL: connections in each process's pool (plus one for LISTEN and one for the leader lock); size max_connections for every process. */
  DATABASE_POOL_SIZE: z.coerce.number().int("must be a whole number").min(2).max(500).default(20),
  /**
   * PostgreSQL: when the oldest request waiting for a pooled connection has waited this long, new API
   * requests are answered 503 SERVER_BUSY at once (load shedding); below DATABASE_CONNECT_TIMEOUT_MS,
   * so that a request is refused before it would have waited in vain.
   */
  DATABASE_SHED_AFTER_MS: z.coerce.number().int("must be a whole number").min(50).max(60_000).default(1500),
  /** PostgreSQL: the longest one statement of the server may run; past it the request is answered 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int("must be a whole number").min(500).max(600_000).default(8000),
  /**
   * JSON answers checked against /api/openapi.json: "log" (default) checks every refusal or error and a
   * sample of the successes (the first of each operation, then 1 in 64) and logs one that does not
   * fit, "strict" (the tests) checks every answer and answers 500 instead, "off" skips the check.
   */
  API_ANSWER_CHECK: z.enum(["strict", "log", "off"]).default("log"),
  /**
   * A third-party analytics service the storefront reports to besides the shop's own port:
   * `ga4:G-XXXXXXX` or `plausible:your.domain`. The CSP opens its hosts only when it is set.
   */
  ANALYTICS: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || parseAnalyticsSetting(v) !== null,
      "must be ga4:G-XXXXXXX or plausible:your.domain",
    ),
  /** The zone staff type and read back-office times in; the server stores UTC. */
  SITE_TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_SITE_TIME_ZONE)
    .refine(isTimeZone, "must be an IANA time zone such as America/New_York or UTC"),
  /** Behind a TLS-terminating proxy: mark cookies Secure and trust X-Forwarded-*. */
  BEHIND_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Outgoing mail over SMTP (smtp://user:pass@host:587); unset: mail lands in the local mailbox (/admin/mailbox/). */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^smtps?:\/\//.test(v), "must start with smtp:// or smtps://"),
  /** The From of outgoing mail. */
  MAIL_FROM: z.string().trim().min(3).default("Shop <shop@localhost>"),
  /**
   * stripe, or test (the built-in test cards: no money moves, every order is flagged test mode). Unset:
   * STRIPE_SECRET_KEY selects Stripe; else the test gateway on the embedded default (a try-out), and no
   * card gateway at all with DATABASE_URL (a real deployment: cards are refused until this is set).
   */
  PAYMENT_GATEWAY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.enum(["test", "stripe"], { error: 'must be "test" or "stripe"' }).optional()),
  /** Stripe's secret key (sk_… or a restricted rk_…): the server's calls to Stripe. */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || /^(sk|rk)_(test|live)_\w+$/.test(v),
      "must be a Stripe secret key (sk_test_… or sk_live_…)",
    ),
  /** Stripe's publishable key (pk_…): the browser's Payment Element. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || /^pk_(test|live)_\w+$/.test(v),
      "must be a Stripe publishable key (pk_test_… or pk_live_…)",
    ),
  /** Stripe's webhook signing secret (whsec_…): POST /api/payments/stripe/webhook/ is served only with it. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || /^whsec_\w+$/.test(v), "must be a Stripe webhook secret (whsec_…)"),
  /** Where Stripe's API answers; tests point it at a local server. */
  STRIPE_API_BASE: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || "https://api.stripe.com")
    .refine((v) => /^https?:\/\/[^/]+/.test(v), "must be an http(s) URL such as https://api.stripe.com"),
  /**
   * Prometheus metrics at /metrics on this port of their own (docs/deploy.md); unset: not served. Never on
   * PORT: the figures (routes, lag, sockets) are for operators, so the public port has no /metrics at all.
   */
  METRICS_PORT: z.coerce.number().int("must be a whole number").min(0).max(65535).optional(),
  /** Where METRICS_PORT listens: this machine unless asked (a Prometheus on another host: its private address). */
  METRICS_HOST: z.string().default("127.0.0.1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Load the demo staff user (a published password), content tree and campaign into an empty log.
   * Unset: yes on the embedded default (a try-out), no on a PostgreSQL server (a real deployment).
   */
  DEMO_DATA: z.enum(["true", "false", "1", "0", ""]).optional(),
});

/**
 * The payment gateway asked for, by name or by a Stripe key; Stripe without its keys cannot start.
 * None asked on PostgreSQL: "none" (cards refused), never the test gateway that marks orders paid.
 */
const gatewayOf = (s: {
  PAYMENT_GATEWAY?: "test" | "stripe";
  STRIPE_SECRET_KEY?: string;
  DATABASE_URL?: string;
}): "test" | "stripe" | "none" =>
  s.PAYMENT_GATEWAY ?? (s.STRIPE_SECRET_KEY ? "stripe" : s.DATABASE_URL ? "none" : "test");

export const ConfigSchema = Settings.superRefine((s, ctx) => {
  if (gatewayOf(s) !== "stripe") return;
  const why = s.PAYMENT_GATEWAY ? "PAYMENT_GATEWAY=stripe" : "STRIPE_SECRET_KEY selects Stripe";
  if (!s.STRIPE_SECRET_KEY)
    ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: `is required when ${why}` });
  if (!s.STRIPE_PUBLISHABLE_KEY)
    ctx.addIssue({
      code: "custom",
      path: ["STRIPE_PUBLISHABLE_KEY"],
      message: `is required when ${why} (the payment page's Stripe elements use it)`,
    });
}).transform(({ DEMO_DATA, PAYMENT_GATEWAY, ...settings }) => ({
  ...settings,
  SITE_URL: (settings.SITE_URL ?? `http://127.0.0.1:${settings.PORT}`).replace(/\/$/, ""),
  PAYMENT_GATEWAY: gatewayOf({ PAYMENT_GATEWAY, ...settings }),
  DEMO_DATA:
    DEMO_DATA === undefined || DEMO_DATA === "" ? !settings.DATABASE_URL : DEMO_DATA === "true" || DEMO_DATA === "1",
}));

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/**
 * What a server deployment must set beyond the schema: on PostgreSQL outside development and tests,
 * SITE_URL (its default, 127.0.0.1, would put a wrong address into every reset link and mail).
 * Checked by the server's start-up, not by the ops CLI, which builds no link.
 */
export function checkDeploymentSettings(env: Record<string, string | undefined> = process.env): void {
  const production = env.NODE_ENV !== "development" && env.NODE_ENV !== "test";
  if (env.DATABASE_URL?.trim() && production && !env.SITE_URL?.trim())
    throw new ConfigError(
      "Bad configuration: SITE_URL: is required with DATABASE_URL: the shop's public address, such as https://shop.example.org (reset links, mails and canonical tags use it)",
    );
}

/** Parses the environment; a bad value throws one message naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  throw new ConfigError(`Bad configuration: ${lines.join("; ")}`);
}
