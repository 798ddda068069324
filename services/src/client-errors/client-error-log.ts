import { type Kysely, sql } from "kysely";
import type { Database } from "@shop/projections";
import { CLIENT_ERRORS_KEPT, type ClientErrorReport } from "@shop/shared/client-errors/api";
import { underStartupMigrationLock } from "../platform/startup-migration.ts";
import { printable } from "../platform/terminal-text.ts";

// Reports from browsers are kept in a table of their own (ServiceTables.client_errors), not the event
// log: they are untrusted, numerous operational noise, not business facts. In the log they would swell
// every replay and the audit trail and could never be deleted; here the newest CLIENT_ERRORS_KEPT stay.

export interface ClientErrorRow {
  receivedAt: string;
  ip: string;
  userAgent: string;
  kind: string;
  message: string;
  page: string;
  source: string | null;
  line: number | null;
  column: number | null;
  stack: string | null;
  method: string | null;
  status: number | null;
}

export async function migrateClientErrors(db: Kysely<Database>): Promise<void> {
  await underStartupMigrationLock(db, async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS client_errors (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      received_at timestamptz NOT NULL,
      ip text NOT NULL,
      user_agent text NOT NULL,
      kind text NOT NULL,
      message text NOT NULL,
      page text NOT NULL,
      source text NULL,
      line integer NULL,
      col integer NULL,
      stack text NULL,
      method text NULL,
      status integer NULL
    )`.execute(trx);
  });
}

/** The table, created on first use (under the start-up migration lock, so processes do not race). */
export function clientErrorLog(db: Kysely<Database>) {
  let ready: Promise<void> | null = null;
  const migrated = () =>
    (ready ??= migrateClientErrors(db).catch((error) => {
      ready = null;
      throw error;
    }));
  return {
    async record(report: ClientErrorReport, from: { ip: string; userAgent: string; at: Date }): Promise<void> {
      await migrated();
      const inserted = await db
        .insertInto("client_errors")
        .values({
          received_at: from.at,
          ip: from.ip,
          user_agent: from.userAgent.slice(0, 500),
          kind: report.kind,
          message: report.message,
          page: report.page,
          source: report.source ?? null,
          line: report.line ?? null,
          col: report.column ?? null,
          stack: report.stack ?? null,
          method: report.method ?? null,
          status: report.status ?? null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom("client_errors")
        .where("id", "<=", Number(inserted.id) - CLIENT_ERRORS_KEPT)
        .execute();
    },
    /** Newest first. */
    async list(options: { limit: number; since?: Date }): Promise<ClientErrorRow[]> {
      await migrated();
      let query = db.selectFrom("client_errors").selectAll().orderBy("id", "desc").limit(options.limit);
      if (options.since) query = query.where("received_at", ">=", options.since);
      const rows = await query.execute();
      return rows.map((r) => ({
        receivedAt: new Date(r.received_at).toISOString(),
        ip: r.ip,
        userAgent: r.user_agent,
        kind: r.kind,
        message: r.message,
        page: r.page,
        source: r.source,
        line: r.line,
        column: r.col,
        stack: r.stack,
        method: r.method,
        status: r.status,
      }));
    },
  };
}
export type ClientErrorLog = ReturnType<typeof clientErrorLog>;

/**
 * One line per report for `npm run ops -- client-errors`. Every field came from a browser: its control
 * characters are printed escaped, so a report can neither start a forged line nor colour the terminal.
 */
export function formatClientError(row: ClientErrorRow): string {
  const where =
    row.kind === "request"
      ? `${row.method ?? "GET"} ${row.source ?? "?"} -> ${row.status ?? 0}`
      : `${row.source ?? "?"}:${row.line ?? 0}:${row.column ?? 0}`;
  return printable(`${row.receivedAt}  ${row.kind.padEnd(7)}  ${row.page}  ${row.message}  (${where})  ${row.ip}`);
}
