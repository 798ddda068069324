import { countAuditLog, eachAuditPage, readAuditLog, type AuditEntry, type AuditFilter } from "../audit/audit-log.ts";
import type { OpsContext, Output } from "./ops-context.ts";

/** Without --stream, `events` shows this many unless told otherwise: the whole log can be millions. */
export const DEFAULT_EVENTS_LIMIT = 100;

export interface EventsOptions extends AuditFilter {
  limit?: number;
  json: boolean;
}

const asText = (e: AuditEntry) =>
  `${String(e.position).padStart(6)}  ${e.time}  ${e.stream}  ${e.type}  user=${e.user ?? "-"}  ${JSON.stringify(e.data)}`;

/**
 * `events`: oldest first. With --stream and no --limit, the stream's whole history, read page by
 * page and printed as it comes. Otherwise at most --limit (default 100) events, then a line saying
 * how many more match and how to see them (on stderr with --json, so stdout stays one JSON per line).
 */
export async function printEvents(
  ctx: OpsContext,
  { json, limit, ...filter }: EventsOptions,
  out: Output,
): Promise<void> {
  const deps = { db: ctx.database.db, store: ctx.store };
  const show = (e: AuditEntry) => out.line(json ? JSON.stringify(e) : asText(e));
  let shown = 0;
  if (filter.stream && limit === undefined) {
    for await (const page of eachAuditPage(deps, filter)) {
      for (const e of page) await show(e);
      shown += page.length;
    }
  } else {
    const wanted = limit ?? DEFAULT_EVENTS_LIMIT;
    for (let start = 0; shown < wanted; ) {
      const page = await readAuditLog(deps, { ...filter, start, limit: wanted - shown, order: "oldest" });
      for (const e of page) await show(e);
      shown += page.length;
      if (page.length === 0) break;
      start += page.length;
    }
    const more = shown < wanted ? 0 : (await countAuditLog(deps, filter)) - shown;
    if (more > 0) {
      const hint = `${more} more event${more === 1 ? "" : "s"} match (${shown} shown). See them with --limit ${shown + more}${filter.stream ? " or without --limit" : ", or narrow with --stream, --type, --user or --since"}.`;
      await (json ? out.note(hint) : out.line(hint));
    }
  }
  if (shown === 0 && !json) await out.line("No events match.");
}
