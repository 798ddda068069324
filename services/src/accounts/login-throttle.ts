import { CompiledQuery, sql, type Kysely, type Transaction } from "kysely";
import { RateLimiterPostgres, RateLimiterRes } from "../platform/rate-limiters.ts";
import { loginThrottles } from "../platform/metrics.ts";
import { emailHash, type Database } from "@shop/projections";

/** Attempts allowed within one window (15 minutes), counted whatever the outcome; a success gives its own back. */
export const LOGIN_LIMITS = {
  /** One address guessing one account's password: then 429 with Retry-After. */
  perAddressAndEmail: 5,
  /**
   * Many addresses against one account (a botnet): beyond these, each attempt waits `accountDelayStepMs`
   * more than the last (up to `accountDelayMaxMs`) instead of being refused, so nobody can lock the owner
   * out; a browser that signed in to the account before (its device cookie) is not counted at all.
   */
  perAccount: 10,
  accountDelayStepMs: 500,
  accountDelayMaxMs: 5000,
  /** One address trying many accounts: more, since an office or a school shares one address. */
  perAddress: 50,
  windowSeconds: 15 * 60,
};

const TABLE = "login_attempts";

/** The counters' table, shared by every process (created at start-up under the migration lock). */
export async function migrateLoginAttempts(db: Kysely<Database> | Transaction<Database>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS login_attempts (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`.execute(
    db,
  );
}

export class LoginThrottledError extends Error {
  constructor(
    readonly limit: keyof typeof LOGIN_LIMITS,
    readonly retryAfterSeconds: number,
  ) {
    super(`login throttled (${limit})`);
  }
}

export interface LoginAttempt {
  /** The password was right: the attempt no longer counts against the address or the account. */
  succeeded(): Promise<void>;
}

export interface LoginThrottle {
  /**
   * Counts an attempt against each limit before the password is checked, so parallel guesses
   * cannot all pass a check made before any of them failed. Throws LoginThrottledError once the
   * address's limits are spent; past the account's, waits. `knownDevice`: the browser signed in to
   * this account before, and is not counted against it.
   */
  attempt(address: string, email: string, options?: { knownDevice?: boolean }): Promise<LoginAttempt>;
}

/**
 * rate-limiter-flexible's PostgreSQL store, run through kysely (so PGlite's one connection queues
 * it like every other statement): one atomic upsert per counter, seen by every process.
 */
export function createLoginThrottle(db: Kysely<Database>, limits = LOGIN_LIMITS): LoginThrottle {
  const storeClient = {
    async query(q: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(q.text, q.values ?? []));
      return { rows: result.rows, rowCount: Number(result.numAffectedRows ?? result.rows.length) };
    },
  };
  const limiter = (keyPrefix: string, points: number) =>
    new RateLimiterPostgres({
      storeClient,
      storeType: "client",
      tableName: TABLE,
      tableCreated: true,
      keyPrefix,
      points,
      duration: limits.windowSeconds,
    });
  const byAddressAndEmail = limiter("login-address-email", limits.perAddressAndEmail);
  const byAccount = limiter("login-account", limits.perAccount);
  const byAddress = limiter("login-address", limits.perAddress);

  async function consume(rl: RateLimiterPostgres, key: string, limit: keyof typeof LOGIN_LIMITS) {
    try {
      await rl.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        loginThrottles.inc({ limit });
        throw new LoginThrottledError(limit, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      }
      throw error;
    }
  }

  /** Past the account's limit the attempt goes on, later: the owner is slowed with the guessers, never refused. */
  async function slowDown(email: string) {
    try {
      await byAccount.consume(email);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const over = error.consumedPoints - limits.perAccount;
      const ms = Math.min(limits.accountDelayMaxMs, over * limits.accountDelayStepMs);
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
  }

  return {
    async attempt(address, rawEmail, options = {}) {
      const email = await emailHash(db, rawEmail); // the counters' keys never hold the address
      // One after the other: an attempt refused by the first limit spends nothing of the others,
      // so a blocked guesser cannot keep the account locked from one address.
      await consume(byAddressAndEmail, `${address}|${email}`, "perAddressAndEmail");
      if (!options.knownDevice) await slowDown(email);
      await consume(byAddress, address, "perAddress");
      return {
        async succeeded() {
          await byAddressAndEmail.delete(`${address}|${email}`);
          if (!options.knownDevice) await byAccount.reward(email, 1);
          await byAddress.reward(address, 1);
        },
      };
    },
  };
}
