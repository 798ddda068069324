import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from "kysely";
import { START, type EventStore, type RecordedEvent } from "@shop/shared";
import { redactSecrets } from "../platform/logger.ts";
import type { Database, EventsTable } from "@shop/projections";

export interface AuditFilter {
  stream?: string;
  type?: string;
  userId?: string;
  since?: Date;
}

export interface AuditPage extends AuditFilter {
  /** Matches skipped before the page (newest or oldest first, as `order` says). */
  start?: number;
  /** Page size, 1 to MAX_AUDIT_PAGE (default 100). */
  limit?: number;
  /** Newest first (dashboards) or oldest first (the CLI's default, like a log). */
  order?: "newest" | "oldest";
}

/** One query never answers more than this; longer histories are read page by page (`eachAuditPage`). */
export const MAX_AUDIT_PAGE = 10_000;

/** One line of the audit view: who did what when, with secrets replaced by '[redacted]'. */
export interface AuditEntry {
  position: number;
  time: string;
  stream: string;
  type: string;
  user: string | null;
  data: unknown;
}

type Deps = { db: Kysely<Database>; store: EventStore };

export function toAuditEntry(
  e: Pick<RecordedEvent, "globalPosition" | "createdAt" | "streamId" | "type" | "metadata" | "data">,
): AuditEntry {
  return {
    position: e.globalPosition,
    time: e.createdAt.toISOString(),
    stream: e.streamId,
    type: e.type,
    user: e.metadata.userId ?? null,
    data: redactSecrets(e.data),
  };
}

function matching<O>(
  query: SelectQueryBuilder<Database, "events", O>,
  filter: AuditFilter,
): SelectQueryBuilder<Database, "events", O> {
  let q = query;
  if (filter.stream) q = q.where("stream_id", "=", filter.stream);
  if (filter.type) q = q.where("type", "=", filter.type);
  if (filter.userId) q = q.where(sql`metadata->>'userId'`, "=", filter.userId);
  if (filter.since) q = q.where("created_at", ">=", filter.since);
  return q;
}

type AuditRow = Pick<Selectable<EventsTable>, (typeof COLUMNS)[number]>;

const fromRow = (r: AuditRow) =>
  toAuditEntry({
    globalPosition: Number(r.global_position),
    createdAt: new Date(r.created_at),
    streamId: r.stream_id,
    type: r.type,
    metadata: r.metadata ?? {},
    data: r.data,
  });

const COLUMNS = ["global_position", "created_at", "stream_id", "type", "metadata", "data"] as const;

/** One page of the audit view from the PostgreSQL event log; on EventStoreDB it scans the log through the port. */
export async function readAuditLog(deps: Deps, page: AuditPage = {}): Promise<AuditEntry[]> {
  const limit = Math.min(Math.max(page.limit ?? 100, 1), MAX_AUDIT_PAGE);
  const start = Math.max(page.start ?? 0, 0);
  if (deps.store.kind === "eventstoredb") {
    const all: AuditEntry[] = [];
    for await (const batch of scanAuditLog(deps.store, page)) all.push(...batch);
    return (page.order === "newest" ? all.reverse() : all).slice(start, start + limit);
  }
  const query = matching(deps.db.selectFrom("events").select(COLUMNS), page)
    .orderBy("global_position", page.order === "newest" ? "desc" : "asc")
    .offset(start)
    .limit(limit);
  return (await query.execute()).map(fromRow);
}

/** How many events match the filter (what the pages add up to). */
export async function countAuditLog(deps: Deps, filter: AuditFilter = {}): Promise<number> {
  if (deps.store.kind === "eventstoredb") {
    let n = 0;
    for await (const batch of scanAuditLog(deps.store, filter)) n += batch.length;
    return n;
  }
  const { n } = await matching(deps.db.selectFrom("events"), filter)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Every matching event, oldest first, in pages of `pageSize`: a stream's full history however long,
 * without one unbounded query. Pages continue after the last position seen (not by offset), so
 * events appended meanwhile neither repeat nor shift a page.
 */
export async function* eachAuditPage(deps: Deps, filter: AuditFilter, pageSize = 1000): AsyncGenerator<AuditEntry[]> {
  if (deps.store.kind === "eventstoredb") {
    yield* scanAuditLog(deps.store, filter);
    return;
  }
  let after = 0;
  for (;;) {
    const rows = await matching(deps.db.selectFrom("events").select(COLUMNS), filter)
      .where("global_position", ">", after)
      .orderBy("global_position", "asc")
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(fromRow);
    if (rows.length < pageSize) return;
    after = Number(rows[rows.length - 1].global_position);
  }
}

async function* scanAuditLog(store: EventStore, filter: AuditFilter): AsyncGenerator<AuditEntry[]> {
  let from = START;
  for (;;) {
    const batch = await store.readAll(from, { limit: 1000 });
    if (batch.length === 0) return;
    const matches = batch.filter(
      (e) =>
        (!filter.stream || e.streamId === filter.stream) &&
        (!filter.type || e.type === filter.type) &&
        (!filter.userId || e.metadata.userId === filter.userId) &&
        (!filter.since || e.createdAt >= filter.since),
    );
    if (matches.length) yield matches.map(toAuditEntry);
    from = batch[batch.length - 1].position;
  }
}
