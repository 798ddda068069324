import { sql, type Kysely } from "kysely";
import type { EventStore, RecordedEvent } from "@shop/shared";
import { redactSecrets } from "../platform/logger.ts";

export interface AuditFilter {
  stream?: string;
  type?: string;
  userId?: string;
  since?: Date;
  limit?: number;
  /** Newest first (dashboards) or oldest first (the CLI's default, like a log). */
  order?: "newest" | "oldest";
}

/** One line of the audit view: who did what when, with secrets replaced by '[redacted]'. */
export interface AuditEntry {
  position: number;
  time: string;
  stream: string;
  type: string;
  user: string | null;
  data: unknown;
}

export function toAuditEntry(e: Pick<RecordedEvent, "globalPosition" | "createdAt" | "streamId" | "type" | "metadata" | "data">): AuditEntry {
  return {
    position: e.globalPosition,
    time: e.createdAt.toISOString(),
    stream: e.streamId,
    type: e.type,
    user: e.metadata.userId ?? null,
    data: redactSecrets(e.data),
  };
}

/** Reads the audit view from the PostgreSQL event log; on EventStoreDB it scans the log through the port. */
export async function readAuditLog(deps: { db: Kysely<any>; store: EventStore }, filter: AuditFilter = {}): Promise<AuditEntry[]> {
  const limit = Math.min(Math.max(filter.limit ?? 100, 1), 10_000);
  if (deps.store.kind === "eventstoredb") return scanAuditLog(deps.store, filter, limit);
  let query = deps.db
    .selectFrom("events")
    .select(["global_position", "created_at", "stream_id", "type", "metadata", "data"])
    .orderBy("global_position", filter.order === "newest" ? "desc" : "asc")
    .limit(limit);
  if (filter.stream) query = query.where("stream_id", "=", filter.stream);
  if (filter.type) query = query.where("type", "=", filter.type);
  if (filter.userId) query = query.where(sql`metadata->>'userId'`, "=", filter.userId);
  if (filter.since) query = query.where("created_at", ">=", filter.since);
  const rows = await query.execute();
  return rows.map((r: any) =>
    toAuditEntry({ globalPosition: Number(r.global_position), createdAt: new Date(r.created_at), streamId: r.stream_id, type: r.type, metadata: r.metadata ?? {}, data: r.data }),
  );
}

async function scanAuditLog(store: EventStore, filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
  const matches: AuditEntry[] = [];
  let from = { major: 0n, minor: 0n };
  for (;;) {
    const batch = await store.readAll(from, { limit: 1000 });
    if (batch.length === 0) break;
    for (const e of batch) {
      if (filter.stream && e.streamId !== filter.stream) continue;
      if (filter.type && e.type !== filter.type) continue;
      if (filter.userId && e.metadata.userId !== filter.userId) continue;
      if (filter.since && e.createdAt < filter.since) continue;
      matches.push(toAuditEntry(e));
    }
    from = batch[batch.length - 1].position;
  }
  return filter.order === "newest" ? matches.reverse().slice(0, limit) : matches.slice(0, limit);
}
