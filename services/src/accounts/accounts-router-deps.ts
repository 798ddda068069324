import type { Request, Response } from "express";
import type { Kysely } from "kysely";
import type { EventStore, LogPosition } from "@shop/shared";
import type { Database } from "@shop/projections";
import type { LoginThrottle } from "./login-throttle.ts";

/** What the accounts router needs (apart from it: signup-and-reset.ts, which it mounts, reads it too). */
export interface AccountsRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  /** Attempts per address and email, per account and per address, counted in the database. */
  throttle: LoginThrottle;
  /** Read-your-writes: resolves once the read models have applied `position`. */
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
  sessionSecret?: string;
  sessionDays: number;
  secureCookies: boolean;
  /** SITE_URL: the reset link's origin (never the request's Host). */
  siteUrl: string;
  /** RATE_LIMIT_MULTIPLIER: multiplies the sign-up, reset and mail limits (account-limits.ts); 1 unless a bench raises it. */
  rateLimitMultiplier?: number;
  /** Runs once a login succeeded, before the answer (the visitor's cart goes into the account's). */
  afterLogin?: (req: Request, res: Response, userId: string) => Promise<void>;
}
