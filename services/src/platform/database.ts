import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";

// pg returns int8 as a string and numeric too; we keep positions as text in SQL and convert in one place.

/** A database connection for the whole app: kysely for queries, plus LISTEN and a dedicated session. */
export interface Database {
  readonly kind: "postgres" | "pglite";
  /** Schema every table lives in ("public" unless a test picked its own). */
  readonly schema: string;
  readonly db: Kysely<any>;
  /** Calls `onNotify` for each NOTIFY on `channel`; resolves to an unlisten function. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` holding a session-level advisory lock on its own connection until the returned
   * release is called. Resolves to null when another session holds the lock (PGlite: always granted).
   */
  tryAdvisoryLock(key: number): Promise<{ release(): Promise<void> } | null>;
  /**
   * Runs a hot statement by name: on a PostgreSQL server it is prepared once per connection and
   * reused (parse and plan skipped); on PGlite it simply runs.
   */
  preparedQuery<Row = any>(name: string, text: string, values: unknown[]): Promise<{ rows: Row[] }>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... for a server; omit to use PGlite. */
  url?: string;
  /** PGlite folder; omit for an in-memory PGlite. */
  dataDir?: string;
  schema?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const schema = options.schema ?? "public";
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name: ${schema}`);
  return options.url ? openPostgres(options.url, schema, options.poolSize ?? 20) : openPglite(options.dataDir, schema);
}

async function openPostgres(url: string, schema: string, poolSize: number): Promise<Database> {
  const connectionOptions = { connectionString: url, options: `-c search_path=${schema}` };
  // Create the schema before any pooled connection relies on it.
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await setup.end();

  const pool = new pg.Pool({ ...connectionOptions, max: poolSize });
  pool.on("error", () => {}); // an idle client dropped by the server is replaced on next use
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  let listener: Promise<pg.Client> | null = null;
  const handlers = new Map<string, Set<() => void>>();
  const listening = new Map<string, Promise<unknown>>();
  const lockClients = new Set<pg.Client>();

  // One LISTEN connection for the process, created once even when several subscribers start together.
  function listenerClient(): Promise<pg.Client> {
    listener ??= (async () => {
      const client = new pg.Client(connectionOptions);
      client.on("error", () => {});
      await client.connect();
      client.on("notification", (msg) => handlers.get(msg.channel)?.forEach((h) => h()));
      return client;
    })();
    return listener;
  }

  return {
    kind: "postgres",
    schema,
    db,
    preparedQuery: async (name, text, values) => ({ rows: (await pool.query({ name, text, values })).rows as any[] }),
    async listen(channel, onNotify) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onNotify);
      if (!listening.has(channel)) listening.set(channel, listenerClient().then((c) => c.query(`LISTEN "${channel}"`)));
      await listening.get(channel);
      const registered = set;
      return async () => {
        registered.delete(onNotify);
      };
    },
    async tryAdvisoryLock(key) {
      const client = new pg.Client(connectionOptions);
      client.on("error", () => {});
      await client.connect();
      // Keyed by schema too: apps (or test files) in other schemas of one database must not exclude each other.
      const { rows } = await client.query("SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS ok", [key, schema]);
      if (!rows[0].ok) {
        await client.end();
        return null;
      }
      lockClients.add(client);
      return {
        async release() {
          lockClients.delete(client);
          await client.end().catch(() => {});
        },
      };
    },
    async close() {
      for (const c of lockClients) await c.end().catch(() => {});
      if (listener) await (await listener).end().catch(() => {});
      await db.destroy();
    },
  };
}

async function openPglite(dataDir: string | undefined, schema: string): Promise<Database> {
  const pglite = dataDir ? new PGlite(dataDir) : new PGlite();
  await pglite.waitReady;
  await pglite.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema};`);
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite) });
  return {
    kind: "pglite",
    schema,
    db,
    preparedQuery: async (_name, text, values) => ({ rows: (await pglite.query(text, values)).rows as any[] }),
    async listen(channel, onNotify) {
      const unlisten = await pglite.listen(channel, onNotify);
      return unlisten;
    },
    // One session, one process (the data-folder lock file guarantees it): the lock is always ours.
    async tryAdvisoryLock() {
      return { async release() {} };
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
