import { CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "@shop/projections";
import { timePoolWaits } from "./pool-wait.ts";

// pg returns int8 as a string and numeric too; we keep positions as text in SQL and convert in one place.

/** A database connection for the whole app: kysely for queries, plus LISTEN and a dedicated session. */
export interface DatabaseConnection {
  readonly kind: "postgres" | "pglite";
  /** Schema every table lives in ("public" unless a test picked its own). */
  readonly schema: string;
  readonly db: Kysely<Database>;
  /** Calls `onNotify` for each NOTIFY on `channel`; resolves to an unlisten function. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * Takes a session-level advisory lock on a connection of its own, held until `release()`.
   * Resolves to null when another session holds it (PGlite: always granted).
   */
  tryAdvisoryLock(key: number): Promise<AdvisoryLock | null>;
  /**
   * Runs a hot statement by name: on a PostgreSQL server it is prepared once per connection and
   * reused (parse and plan skipped); on PGlite it simply runs.
   */
  preparedQuery<Row = Record<string, unknown>>(name: string, text: string, values: unknown[]): Promise<{ rows: Row[] }>;
  /** Milliseconds the longest-waiting caller has waited for a pooled connection (0: none waits; PGlite: always 0). */
  oldestWaitMs(): number;
  close(): Promise<void>;
}

export interface AdvisoryLock {
  release(): Promise<void>;
  /**
   * Calls `onLost` once if the lock's connection ends without `release()` (killed, server restart,
   * network): the server has then freed the lock and another session may already hold it.
   */
  onLost(onLost: () => void): void;
}

export interface DatabaseOptions {
  /** postgres://... for a server; omit to use PGlite. */
  url?: string;
  /** PGlite folder; omit for an in-memory PGlite. */
  dataDir?: string;
  /** In-memory PGlite: start from this dump of a fresh cluster (the tests' cached one) instead of running initdb. */
  freshCluster?: Blob;
  schema?: string;
  poolSize?: number;
  /** How long a request waits for a pooled connection before it is answered 503 (server only). */
  connectTimeoutMs?: number;
  /** The longest a statement may run before PostgreSQL cancels it (server only; ops commands run unbounded). */
  statementTimeoutMs?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  const schema = options.schema ?? "public";
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name: ${schema}`);
  return options.url
    ? openPostgres(options.url, schema, options)
    : openPglite(options.dataDir, schema, options.freshCluster);
}

/** When the LISTEN connection drops (a restart, a terminated backend), how soon it tries again, doubling up to the max. */
const RELISTEN_FIRST_MS = 250;
const RELISTEN_MAX_MS = 5000;

async function openPostgres(url: string, schema: string, options: DatabaseOptions): Promise<DatabaseConnection> {
  // Named per schema, so an operator (or a fault bench) can tell this app's sessions apart in pg_stat_activity.
  const connectionOptions: pg.ClientConfig = {
    connectionString: url,
    options: `-c search_path=${schema}`,
    application_name: `shop:${schema}`,
  };
  // Create the schema before any pooled connection relies on it.
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    // Two processes starting at once would race on the catalog (a duplicate-key error): take turns.
    await setup.query("BEGIN");
    await setup.query("SELECT pg_advisory_xact_lock(7311003)");
    await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await setup.query("COMMIT");
  } finally {
    await setup.end();
  }

  const pool = new pg.Pool({
    ...connectionOptions,
    max: options.poolSize ?? 20,
    // A database that is down must not hold a request forever: waiting for a connection, and a
    // statement (server side, and client side for a silent network), both end in a 503.
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    ...(options.statementTimeoutMs
      ? { statement_timeout: options.statementTimeoutMs, query_timeout: options.statementTimeoutMs + 1000 }
      : {}),
  });
  pool.on("error", () => {}); // an idle client dropped by the server is replaced on next use
  // A client the pool has handed out has no error listener of the pool's: its connection dying between
  // two statements (a restart, pg_terminate_backend) would be an uncaught 'error' that ends the process.
  // The statement in flight, if any, still rejects with the error, and the request answers 503.
  pool.on("connect", (client) => client.on("error", () => {}));
  const oldestWaitMs = timePoolWaits(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let listener: Promise<pg.Client> | null = null;
  const handlers = new Map<string, Set<() => void>>();
  const listening = new Map<string, Promise<unknown>>();
  const heldLocks = new Set<() => Promise<void>>();

  let closed = false;
  let relistenDelay = RELISTEN_FIRST_MS;

  // One LISTEN connection for the process, created once even when several subscribers start together.
  // When it ends it is made again (with every channel listened to again) and every handler is woken once:
  // a NOTIFY sent while it was down is lost, so subscribers read what they may have missed.
  function listenerClient(): Promise<pg.Client> {
    listener ??= (async () => {
      const client = new pg.Client(connectionOptions);
      let dropped = false;
      const drop = () => {
        if (dropped) return;
        dropped = true;
        listener = null;
        client.end().catch(() => {});
        if (!closed) setTimeout(relisten, relistenDelay).unref();
        relistenDelay = Math.min(relistenDelay * 2, RELISTEN_MAX_MS);
      };
      client.on("error", drop);
      client.on("end", drop);
      client.on("notification", (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler();
      });
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`LISTEN "${channel}"`);
      } catch (error) {
        drop();
        throw error;
      }
      return client;
    })();
    return listener;
  }

  function relisten() {
    if (closed || listener) return;
    listenerClient().then(
      () => {
        relistenDelay = RELISTEN_FIRST_MS;
        for (const set of handlers.values()) for (const handler of set) handler();
      },
      () => {}, // drop() already planned the next try
    );
  }

  return {
    kind: "postgres",
    schema,
    db,
    oldestWaitMs,
    preparedQuery: async <Row>(name: string, text: string, values: unknown[]) => ({
      rows: (await pool.query({ name, text, values })).rows as Row[],
    }),
    async listen(channel, onNotify) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onNotify);
      if (!listening.has(channel))
        listening.set(
          channel,
          listenerClient().then((c) => c.query(`LISTEN "${channel}"`)),
        );
      // A channel's first LISTEN must work (start-up fails loudly); later drops are healed by relisten().
      await listening.get(channel);
      const registered = set;
      return async () => {
        registered.delete(onNotify);
      };
    },
    async tryAdvisoryLock(key) {
      // Keyed by schema too: apps (or test files) in other schemas of one database must not exclude each other.
      const lock = await takeAdvisoryLock(connectionOptions, key, schema);
      if (!lock) return null;
      heldLocks.add(lock.release);
      return {
        onLost: lock.onLost,
        async release() {
          heldLocks.delete(lock.release);
          await lock.release();
        },
      };
    },
    async close() {
      closed = true;
      for (const release of heldLocks) await release();
      if (listener) await (await listener.catch(() => null))?.end().catch(() => {});
      await db.destroy();
    },
  };
}

/** How often an idle lock connection is checked, and how long the check may take before the lock counts as lost. */
const LOCK_PING_MS = 5000;
const LOCK_PING_TIMEOUT_MS = 10_000;

/**
 * A session-level advisory lock on a dedicated connection. The lock lives exactly as long as the
 * session: when the connection ends (terminated, server restart) or stops answering pings (a silent
 * network drop), the holder is told at once, because another process can take the lock from then on.
 */
async function takeAdvisoryLock(connectionOptions: pg.ClientConfig, key: number, schema: string) {
  const client = new pg.Client({
    ...connectionOptions,
    keepAlive: true,
    connectionTimeoutMillis: LOCK_PING_TIMEOUT_MS,
  });
  let released = false;
  let lost = false;
  const listeners: Array<() => void> = [];
  let ping: NodeJS.Timeout | undefined;
  const markLost = () => {
    if (released || lost) return;
    lost = true;
    clearInterval(ping);
    client.end().catch(() => {});
    for (const listener of listeners.splice(0)) listener();
  };
  client.on("error", markLost);
  client.on("end", markLost);
  await client.connect();
  const { rows } = await client.query("SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS ok", [key, schema]);
  if (!rows[0].ok) {
    released = true;
    await client.end();
    return null;
  }
  ping = setInterval(() => {
    const timeout = setTimeout(markLost, LOCK_PING_TIMEOUT_MS).unref();
    client.query("SELECT 1").then(() => clearTimeout(timeout), markLost);
  }, LOCK_PING_MS);
  ping.unref();
  return {
    onLost(listener: () => void) {
      if (lost) listener();
      else listeners.push(listener);
    },
    async release() {
      released = true;
      clearInterval(ping);
      await client.end().catch(() => {});
    },
  };
}

async function openPglite(
  dataDir: string | undefined,
  schema: string,
  freshCluster?: Blob,
): Promise<DatabaseConnection> {
  // Imported here, not at the top: a server on PostgreSQL never loads PGlite's JavaScript.
  const [{ startPglite }, { PGliteDialect }] = await Promise.all([
    import("./pglite-start.ts"),
    import("kysely-pglite-dialect"),
  ]);
  // A smaller buffer pool, and initdb out of process: see pglite-start.ts (code health 10).
  const pglite = await startPglite(dataDir, freshCluster);
  await pglite.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema};`);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // PGlite has one session. The dialect hands it out one caller at a time (a kysely transaction holds
  // it until commit), so every statement must pass through kysely: one run on `pglite` directly would
  // land inside whatever transaction is open and vanish with its rollback. LISTEN is transactional too.
  const holdingSession = <T>(work: () => Promise<T>) => db.connection().execute(work);
  return {
    kind: "pglite",
    schema,
    db,
    oldestWaitMs: () => 0,
    preparedQuery: async <Row>(_name: string, text: string, values: unknown[]) => ({
      rows: (await db.executeQuery(CompiledQuery.raw(text, values))).rows as Row[],
    }),
    async listen(channel, onNotify) {
      const unlisten = await holdingSession(() => pglite.listen(channel, onNotify));
      return () => holdingSession(() => unlisten());
    },
    // One session, one process (the data-folder lock file guarantees it): the lock is always ours.
    async tryAdvisoryLock() {
      return { async release() {}, onLost() {} };
    },
    async close() {
      await db.destroy();
    },
  };
}

/** Converts an int8 that pg returns as a string (and PGlite as a number) to a JS number. */
export function toNumber(value: unknown): number {
  return typeof value === "number" ? value : Number(value as string);
}

export { sql };
