import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type Transaction,
} from "kysely";
import type { Database } from "../database.ts";

// Most projectors write one statement per event. Sent one at a time, each costs a round trip and the
// client's protocol work (parse, bind, execute, sync; a result to parse), which is what a replay spends
// its time on. Here a projector's writes are held back and sent together, in order, as one
// multi-statement string (the simple query protocol), so a batch of events costs a few round trips.
// A read (a SELECT, or a write whose result is asked for with RETURNING) first sends what is pending,
// so the projector reads its own writes exactly as before. Parameters are inlined as quoted literals
// of the text pg would send for them (node-postgres' prepareValue): pg sends a parameter as text of
// unknown type, and a quoted literal is text of unknown type too.

/** Sends at most about this many characters of statements at once. */
const FLUSH_CHARS = 1 << 20;

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** A Date as node-postgres writes it: local time with its offset. */
function dateText(date: Date): string {
  let offset = -date.getTimezoneOffset();
  let year = date.getFullYear();
  const bc = year < 1;
  if (bc) year = Math.abs(year) + 1;
  let text = `${pad(year, 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}T${pad(date.getHours(), 2)}:${pad(date.getMinutes(), 2)}:${pad(date.getSeconds(), 2)}.${pad(date.getMilliseconds(), 3)}`;
  text += offset < 0 ? "-" : "+";
  offset = Math.abs(offset);
  text += `${pad(Math.floor(offset / 60), 2)}:${pad(offset % 60, 2)}`;
  return bc ? `${text} BC` : text;
}

/** An array as node-postgres writes it: `{"a","b",NULL}`. */
function arrayText(values: unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return "NULL";
    if (Array.isArray(v)) return arrayText(v);
    const text = Buffer.isBuffer(v) ? `\\x${v.toString("hex")}` : (valueText(v) as string);
    return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(",")}}`;
}

/** The text node-postgres sends for a parameter (null for NULL). */
function valueText(value: unknown): string | Buffer | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Date) return dateText(value);
  if (Array.isArray(value)) return arrayText(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function literal(value: unknown): string {
  const text = valueText(value);
  if (text === null) return "NULL";
  if (Buffer.isBuffer(text)) return `'\\x${text.toString("hex")}'::bytea`;
  const quoted = `'${text.replace(/'/g, "''")}'`;
  // E'' reads backslashes as escapes whatever standard_conforming_strings says: double them there.
  return text.includes("\\") ? `E${quoted.replace(/\\/g, "\\\\")}` : quoted;
}

/** The statement with its $n placeholders replaced by literals of the parameters. */
export function inlineParameters(query: CompiledQuery): string {
  if (query.parameters.length === 0) return query.sql;
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.parameters[Number(n) - 1]));
}

function isDeferrable(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === "InsertQueryNode" || kind === "UpdateQueryNode" || kind === "DeleteQueryNode")
    return !("returning" in query.query && query.query.returning);
  if (kind === "RawNode") return /^\s*(insert|update|delete)\b/i.test(query.sql) && !/\breturning\b/i.test(query.sql);
  return false;
}

/**
 * A deferred write's count of affected rows is unknown until it is sent: a projector that reads it
 * (to decide what to do next) throws, and the caller applies the batch again one statement at a time.
 */
const UNKNOWN_COUNT = new Proxy(Object.create(null), {
  get(_, key) {
    if (key === Symbol.toPrimitive || key === "valueOf" || key === "toString")
      return () => {
        throw new Error("a deferred write's row count was read: apply this batch one event at a time");
      };
    return undefined;
  },
}) as bigint;

class DeferringConnection implements DatabaseConnection {
  private chars = 0;
  /** Whether anything was sent yet (a transaction opened by `pending`'s first statements is then open). */
  sent = false;
  constructor(
    private readonly trx: Transaction<Database>,
    private pending: string[] = [],
  ) {}

  /** Sends what is pending with `last` after it, in the same round trip. */
  async finish(last: string): Promise<void> {
    this.pending.push(last);
    await this.flush();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (isDeferrable(query)) {
      const statement = inlineParameters(query);
      this.pending.push(statement);
      this.chars += statement.length;
      if (this.chars >= FLUSH_CHARS) await this.flush();
      return { rows: [], numAffectedRows: UNKNOWN_COUNT };
    }
    await this.flush();
    return this.trx.executeQuery<R>(query);
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = this.pending.join(";\n");
    this.pending = [];
    this.chars = 0;
    this.sent = true;
    await this.trx.executeQuery(CompiledQuery.raw(text));
  }

  // biome-ignore lint/correctness/useYield: the interface asks for an iterator; projectors never stream.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported while writes are deferred");
  }
}

/** Whether the database takes several statements in one string (PGlite's protocol does not). */
export async function takesStatementBatches(trx: Kysely<Database>): Promise<boolean> {
  const { rows } = await trx.executeQuery<{ v: string }>(CompiledQuery.raw("SELECT version() AS v"));
  return !rows[0].v.includes("wasm32");
}

/**
 * Runs `work` with a transaction whose writes are held back and sent together (see above), on the
 * connection of `trx`; everything pending is sent before it answers.
 */
export async function withDeferredWrites(
  trx: Transaction<Database>,
  work: (deferring: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const connection = new DeferringConnection(trx);
  await deferringOn(connection, work);
  await connection.flush();
}

/**
 * A transaction of its own on `connection` (no transaction open yet), its writes held back as in
 * withDeferredWrites: `begin` (BEGIN and settings) goes with the first statement sent, COMMIT with
 * the last writes, so a batch that only writes is one round trip, and one that reads first two. A
 * write that fails fails at the COMMIT, outside `work`: the transaction is rolled back and the error
 * thrown.
 */
export async function inDeferredTransaction(
  connection: Transaction<Database>,
  begin: string,
  work: (deferring: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const deferring = new DeferringConnection(connection, [begin]);
  try {
    await deferringOn(deferring, work);
    await deferring.finish("COMMIT");
  } catch (error) {
    if (deferring.sent) await connection.executeQuery(CompiledQuery.raw("ROLLBACK")).catch(() => {});
    throw error;
  }
}

async function deferringOn(
  connection: DeferringConnection,
  work: (deferring: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const driver: Driver = {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    // The caller's transaction is already open: these belong to it.
    async beginTransaction() {},
    async commitTransaction() {},
    async rollbackTransaction() {},
    async releaseConnection() {},
    async destroy() {},
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  await db.transaction().execute(work);
}
