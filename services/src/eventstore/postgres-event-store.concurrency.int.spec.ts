import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import {
  START,
  WrongExpectedVersionError,
  type EventStore,
  type ExpectedVersion,
  type RecordedEvent,
} from "@shop/shared";
import { openTestDatabase, testDatabaseUrl } from "../testing/test-database.ts";
import { createPostgresEventStore } from "./postgres-event-store.ts";

const WRITERS = 32;
const TARGET_EVENTS = 10_000;
const STREAMS = 300;
const HOT_STREAMS = 8;

// PGlite has a single session, so only a server can show what concurrent commits do to readers.
describe.skipIf(!testDatabaseUrl())("PostgreSQL event store under concurrent writers", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: EventStore;

  beforeAll(async () => {
    database = await openTestDatabase();
    store = await createPostgresEventStore(database);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it("delivers every committed event exactly once, each stream in order, and refuses every stale append with a typed error", async () => {
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe({ from: START, onEvents: (events) => void seen.push(...events) });

    let claimed = 0;
    let conflicts = 0;
    const otherErrors: unknown[] = [];
    const pickStream = () => (Math.random() < 0.3 ? `hot-${randomInt(HOT_STREAMS)}` : `cold-${randomInt(STREAMS)}`);

    async function writer(id: number) {
      // What this writer last saw of each stream, as a command handler with a cache would keep it.
      const known = new Map<string, number>();
      while (claimed < TARGET_EVENTS) {
        const streamId = pickStream();
        const count = 1 + randomInt(3);
        claimed += count;
        const events = Array.from({ length: count }, (_, i) => ({ type: "Ticked", data: { writer: id, i } }));
        if (Math.random() < 0.1) {
          await store.append(streamId, events, { expectedVersion: "any" }).catch((e) => void otherErrors.push(e));
          continue;
        }
        for (;;) {
          const after = known.get(streamId) ?? -1;
          const newer = await store.readStream(streamId, { from: after + 1 });
          const version = newer.length > 0 ? newer[newer.length - 1].streamPosition : after;
          const expectedVersion: ExpectedVersion = version < 0 ? "no-stream" : version;
          try {
            const result = await store.append(streamId, events, { expectedVersion });
            known.set(streamId, result.nextExpectedVersion);
            break;
          } catch (error) {
            if (!(error instanceof WrongExpectedVersionError)) {
              otherErrors.push(error);
              break;
            }
            conflicts++;
            known.set(streamId, version);
          }
        }
      }
    }

    try {
      await Promise.all(Array.from({ length: WRITERS }, (_, id) => writer(id)));
      await subscription.caughtUp();
    } finally {
      await subscription.stop();
    }

    expect(otherErrors).toEqual([]);
    expect(conflicts).toBeGreaterThan(0);

    const { rows } = await sql<{ global_position: string; stream_id: string; stream_position: number }>`
      SELECT global_position::text, stream_id, stream_position FROM events`.execute(database.db);
    expect(rows.length).toBeGreaterThanOrEqual(TARGET_EVENTS);
    expect(new Set(rows.map((r) => `${r.stream_id}/${r.stream_position}`)).size).toBe(rows.length);

    const seenPositions = seen.map((e) => e.globalPosition);
    expect(new Set(seenPositions).size).toBe(seenPositions.length);
    expect(new Set(seenPositions)).toEqual(new Set(rows.map((r) => Number(r.global_position))));

    const perStream = new Map<string, number[]>();
    for (const e of seen) perStream.set(e.streamId, [...(perStream.get(e.streamId) ?? []), e.streamPosition]);
    for (const positions of perStream.values()) expect(positions).toEqual(positions.map((_, i) => i));

    console.info(`${rows.length} events from ${WRITERS} writers, ${conflicts} conflicts refused and retried`);
  }, 90_000);
});

function randomInt(n: number): number {
  return Math.floor(Math.random() * n);
}
