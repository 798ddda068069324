import type { NewEvent } from "@shop/shared";

export type ClaimKind = "no-stream" | "any" | "exact";

// Every claim reads from stream_lock first: the per-stream advisory lock is taken before the
// transaction writes (and so before it gets its transaction id). The next appender of a stream thus
// always has a newer transaction id than the last, and commit-order reads keep each stream in order.
// (Waiting on the streams row instead would let a waiter with an older id take the next position.)
// $1 is the stream id, $2 the number of events; `expected` names the parameter of the expected version.
const claimSql = (expected: string): Record<ClaimKind, string> => ({
  "no-stream": `INSERT INTO streams (stream_id, version) SELECT $1, $2::int - 1 FROM stream_lock
        ON CONFLICT (stream_id) DO NOTHING RETURNING version`,
  any: `INSERT INTO streams (stream_id, version) SELECT $1, $2::int - 1 FROM stream_lock
        ON CONFLICT (stream_id) DO UPDATE SET version = streams.version + $2::int RETURNING version`,
  exact: `UPDATE streams SET version = streams.version + $2::int FROM stream_lock
        WHERE streams.stream_id = $1 AND streams.version = ${expected}::int RETURNING streams.version`,
});

/** Many events: $3 the events as a JSON array, $4 the expected version (exact only). */
const manySql = (claim: string) => `
  WITH stream_lock AS (SELECT pg_advisory_xact_lock(hashtext($1)) AS locked),
  claimed AS (${claim}),
  inserted AS (
    INSERT INTO events (stream_id, stream_position, type, schema_version, data, metadata)
    SELECT $1, claimed.version - $2::int + e.ord, e.type, e.schema_version, e.data, e.metadata
    FROM claimed, jsonb_to_recordset($3::jsonb) AS e(ord int, type text, schema_version int, data jsonb, metadata jsonb)
    RETURNING global_position, transaction_id
  )
  SELECT claimed.version, max(inserted.global_position)::text AS global_position,
         max(inserted.transaction_id::text) AS transaction_id
  FROM claimed, inserted GROUP BY claimed.version`;

/**
 * One event, the common case: its fields as plain parameters ($3 type, $4 schema version, $5 data,
 * $6 metadata, $7 the expected version for exact), with no JSON array to build, parse and unpack.
 */
const oneSql = (claim: string) => `
  WITH stream_lock AS (SELECT pg_advisory_xact_lock(hashtext($1)) AS locked),
  claimed AS (${claim}),
  inserted AS (
    INSERT INTO events (stream_id, stream_position, type, schema_version, data, metadata)
    SELECT $1, claimed.version, $3, $4, $5::jsonb, $6::jsonb FROM claimed
    RETURNING global_position, transaction_id
  )
  SELECT claimed.version, inserted.global_position::text AS global_position, inserted.transaction_id::text AS transaction_id
  FROM claimed, inserted`;

const kinds: ClaimKind[] = ["no-stream", "any", "exact"];
const MANY = Object.fromEntries(kinds.map((k) => [k, manySql(claimSql("$4")[k])])) as Record<ClaimKind, string>;
const ONE = Object.fromEntries(kinds.map((k) => [k, oneSql(claimSql("$7")[k])])) as Record<ClaimKind, string>;

/** The prepared statement (name, text, values) that appends `events` to `streamId` with one round trip. */
export function appendStatement(
  streamId: string,
  events: NewEvent[],
  kind: ClaimKind,
  expected: number | null,
  versionOf: (type: string) => number,
) {
  const exact = kind === "exact" ? [expected] : [];
  if (events.length === 1) {
    const e = events[0];
    const values = [
      streamId,
      1,
      e.type,
      e.schemaVersion ?? versionOf(e.type),
      JSON.stringify(e.data ?? null),
      JSON.stringify(e.metadata ?? {}),
      ...exact,
    ];
    return { name: `append_one_${kind}`, text: ONE[kind], values };
  }
  const rows = JSON.stringify(
    events.map((e, i) => ({
      ord: i + 1,
      type: e.type,
      data: e.data ?? null,
      metadata: e.metadata ?? {},
      schema_version: e.schemaVersion ?? versionOf(e.type),
    })),
  );
  return { name: `append_${kind}`, text: MANY[kind], values: [streamId, events.length, rows, ...exact] };
}

/**
 * Many single-event appends to streams of their own (or the same stream twice), each standing or
 * failing alone, in one transaction: the appends the batcher (`append-batcher.ts`) gathered while
 * the database was busy. Every stream's advisory lock first, in one order (as `appendMany` takes
 * them: two batches never wait on each other in a cycle), then each write in arrival order as the
 * one-event statement does it: claim the version on the streams row, insert the event. A write whose
 * expected version does not hold returns a null version and writes nothing.
 */
export const APPEND_EACH_FUNCTION = `
  CREATE FUNCTION append_each_v1(writes jsonb)
  RETURNS TABLE (ord int, version int, global_position text, transaction_id text)
  LANGUAGE plpgsql AS $fn$
  DECLARE
    w record;
    claimed int;
  BEGIN
    PERFORM pg_advisory_xact_lock(l.h) FROM (SELECT DISTINCT hashtext(x->>'stream_id') AS h
      FROM jsonb_array_elements(writes) AS x ORDER BY 1) AS l;
    FOR w IN SELECT * FROM jsonb_to_recordset(writes) AS r(ord int, stream_id text, kind text, expected int,
        type text, schema_version int, data jsonb, metadata jsonb) ORDER BY r.ord LOOP
      claimed := NULL;
      IF w.kind = 'no-stream' THEN
        INSERT INTO streams AS s (stream_id, version) VALUES (w.stream_id, 0)
          ON CONFLICT (stream_id) DO NOTHING RETURNING s.version INTO claimed;
      ELSIF w.kind = 'any' THEN
        INSERT INTO streams AS s (stream_id, version) VALUES (w.stream_id, 0)
          ON CONFLICT (stream_id) DO UPDATE SET version = s.version + 1 RETURNING s.version INTO claimed;
      ELSE
        UPDATE streams AS s SET version = s.version + 1
          WHERE s.stream_id = w.stream_id AND s.version = w.expected RETURNING s.version INTO claimed;
      END IF;
      ord := w.ord;
      version := claimed;
      global_position := NULL;
      transaction_id := NULL;
      IF claimed IS NOT NULL THEN
        INSERT INTO events AS e (stream_id, stream_position, type, schema_version, data, metadata)
          VALUES (w.stream_id, claimed, w.type, w.schema_version, w.data, w.metadata)
          RETURNING e.global_position::text, e.transaction_id::text INTO global_position, transaction_id;
      END IF;
      RETURN NEXT;
    END LOOP;
  END
  $fn$`;

/** One write of a batch, as `append_each_v1` reads it. */
export interface EachWrite {
  stream_id: string;
  kind: ClaimKind;
  expected: number | null;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
}

/** The statement that sends a batch: its writes numbered in arrival order. */
export function appendEachStatement(writes: EachWrite[]) {
  return {
    name: "append_each",
    text: "SELECT ord, version, global_position, transaction_id FROM append_each_v1($1::jsonb) ORDER BY ord",
    values: [JSON.stringify(writes.map((w, ord) => ({ ord, ...w })))],
  };
}

/**
 * `appendMany` as one statement, so its transaction is as short as one append's: no round trip to
 * the client while it holds its streams' advisory locks (a hot stream, a SKU that sixteen buyers
 * race for, is held only while the server runs this, then its commit). Every stream's lock first,
 * in one order (as `append_each_v1`), then every expected version checked before anything is
 * written: a conflict answers one row naming the stream and its version (`conflict`), and writes
 * nothing. Otherwise one row per stream: its new version and the position of its last event.
 */
export const APPEND_MANY_FUNCTION = `
  CREATE FUNCTION append_many_v1(writes jsonb)
  RETURNS TABLE (written_stream text, written_version int, written_position text, written_xid text, conflict boolean)
  LANGUAGE plpgsql AS $fn$
  DECLARE
    w record;
    actual int;
    next_version int;
  BEGIN
    PERFORM pg_advisory_xact_lock(l.h) FROM (SELECT DISTINCT hashtext(x->>'stream_id') AS h
      FROM jsonb_array_elements(writes) AS x ORDER BY 1) AS l;
    FOR w IN SELECT * FROM jsonb_to_recordset(writes) AS r(stream_id text, kind text, expected int) LOOP
      SELECT s.version INTO actual FROM streams AS s WHERE s.stream_id = w.stream_id;
      IF (w.kind = 'no-stream' AND actual IS NOT NULL)
          OR (w.kind = 'exact' AND (actual IS NULL OR actual <> w.expected)) THEN
        written_stream := w.stream_id;
        written_version := actual;
        conflict := true;
        RETURN NEXT;
        RETURN;
      END IF;
    END LOOP;
    FOR w IN SELECT * FROM jsonb_to_recordset(writes) AS r(ord int, stream_id text, events jsonb) ORDER BY r.ord LOOP
      SELECT s.version INTO actual FROM streams AS s WHERE s.stream_id = w.stream_id;
      next_version := coalesce(actual, -1) + jsonb_array_length(w.events);
      INSERT INTO streams AS s (stream_id, version) VALUES (w.stream_id, next_version)
        ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version;
      WITH inserted AS (
        INSERT INTO events AS e (stream_id, stream_position, type, schema_version, data, metadata)
        SELECT w.stream_id, coalesce(actual, -1) + x.ord, x.type, x.schema_version, x.data, x.metadata
        FROM jsonb_to_recordset(w.events) AS x(ord int, type text, schema_version int, data jsonb, metadata jsonb)
        ORDER BY x.ord
        RETURNING e.global_position, e.transaction_id
      )
      SELECT max(i.global_position)::text, max(i.transaction_id::text) INTO written_position, written_xid FROM inserted AS i;
      written_stream := w.stream_id;
      written_version := next_version;
      conflict := false;
      RETURN NEXT;
    END LOOP;
  END
  $fn$`;
