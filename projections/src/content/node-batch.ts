import { sql, type Transaction } from "kysely";
import type { RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import { nodeChangeOf, type NodeChange, type NodeTable } from "./node-rows.ts";

/** Rows one INSERT carries: far below PostgreSQL's 65,535 parameters at ~20 columns a row. */
const ROWS = 2000;

interface NodeState {
  /** Whether the row is there at this point of the batch (`apply` changes only rows that are). */
  exists: boolean;
  /** Its `published`: a publish event sets it only while it is null. */
  published: unknown;
  /** What the batch changed, column by column, the last write winning. */
  changes: Record<string, unknown> | null;
}

/**
 * applyNodeEvent over a batch in three statements: the first created event of each node is inserted
 * (a node already there keeps its row, as one by one), the nodes the batch touches are read (are they
 * there, and their `published`), and every other event is folded into one change per row, written by
 * one UPDATE. An event before its node's creation changes nothing, as its UPDATE would find no row.
 */
export async function applyNodeBatch(
  trx: Transaction<Database>,
  table: NodeTable,
  allowed: ReadonlySet<string>,
  events: RecordedEvent[],
): Promise<void> {
  const created = new Map<number, (NodeChange & { kind: "created" })["row"]>();
  const ids = new Set<number>();
  for (const event of events) {
    const change = nodeChangeOf(event, allowed);
    if (!change) continue;
    ids.add(change.id);
    if (change.kind === "created" && !created.has(change.id)) created.set(change.id, change.row);
  }
  if (ids.size === 0) return;

  const fresh = new Set<number>();
  const rows = [...created.values()];
  for (let i = 0; i < rows.length; i += ROWS) {
    const inserted = await trx
      .insertInto(table)
      .values(rows.slice(i, i + ROWS))
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .execute();
    for (const row of inserted) fresh.add(row.id);
  }

  const hasPublished = allowed.has("published");
  const { rows: found } = await sql<{ id: number; published: unknown }>`SELECT id,
    ${hasPublished ? sql.ref("published") : sql`NULL`} AS published
    FROM ${sql.table(table)} WHERE id = ANY(${[...ids]}::int[])`.execute(trx);
  const states = new Map<number, NodeState>();
  for (const id of ids) states.set(id, { exists: false, published: null, changes: null });
  for (const row of found) {
    const state = states.get(row.id)!;
    state.exists = !fresh.has(row.id); // a fresh row is there from its created event on
    state.published = row.published;
  }

  for (const event of events) {
    const change = nodeChangeOf(event, allowed)!;
    const state = states.get(change.id)!;
    if (change.kind === "created") {
      if (fresh.has(change.id)) state.exists = true;
      continue;
    }
    if (!state.exists) continue;
    if (change.kind === "published" && hasPublished && state.published === null) {
      state.changes = { ...state.changes, published: change.publishedAt };
      state.published = change.publishedAt;
    }
    for (const [column, value] of Object.entries(change.set)) {
      if (value === undefined) continue;
      state.changes ??= {};
      state.changes[column] = value;
      if (column === "published") state.published = value;
    }
  }

  const changed = [...states].filter(([, s]) => s.changes).map(([id, s]) => ({ ...s.changes, id }));
  if (changed.length === 0) return;
  const columns = [...new Set(changed.flatMap((row) => Object.keys(row)))].filter((c) => c !== "id");
  // Each row sets only the columns its events changed: the others keep their values.
  const sets = columns.map(
    (c) => sql`${sql.ref(c)} = CASE WHEN c.j ? ${c} THEN ${sql.ref(`r.${c}`)} ELSE ${sql.ref(`t.${c}`)} END`,
  );
  await sql`UPDATE ${sql.table(table)} AS t SET ${sql.join(sets)}
    FROM jsonb_array_elements(${JSON.stringify(changed)}::jsonb) AS c(j),
      LATERAL jsonb_populate_record(NULL::${sql.table(table)}, c.j) AS r
    WHERE t.id = r.id`.execute(trx);
}
