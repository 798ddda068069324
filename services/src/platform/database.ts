import { CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "@shop/projections";

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
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  const schema = options.schema ?? "public";
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name: ${schema}`);
  return options.url
    ? openPostgres(options.url, schema, options.poolSize ?? 20)
    : openPglite(options.dataDir, schema, options.freshCluster);
}

async function openPostgres(url: string, schema: string, poolSize: number): Promise<DatabaseConnection> {
  const connectionOptions = { connectionString: url, options: `-c search_path=${schema}` };
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

  const pool = new pg.Pool({ ...connectionOptions, max: poolSize });
  pool.on("error", () => {}); // an idle client dropped by the server is replaced on next use
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let listener: Promise<pg.Client> | null = null;
  const handlers = new Map<string, Set<() => void>>();
  const listening = new Map<string, Promise<unknown>>();
  const heldLocks = new Set<() => Promise<void>>();

  // One LISTEN connection for the process, created once even when several subscribers start together.
  function listenerClient(): Promise<pg.Client> {
    listener ??= (async () => {
      const client = new pg.Client(connectionOptions);
      client.on("error", () => {});
      await client.connect();
      client.on("notification", (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler();
      });
      return client;
    })();
    return listener;
  }

  return {
    kind: "postgres",
    schema,
    db,
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
      for (const release of heldLocks) await release();
      if (listener) await (await listener).end().catch(() => {});
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
  const client = new pg.Client({ ...connectionOptions, keepAlive: true });
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
