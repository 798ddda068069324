import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { EventStore } from "@shop/shared";
import { openTestDatabase } from "../testing/test-database.ts";
import { createPostgresEventStore } from "./postgres-event-store.ts";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A transaction (as every projection batch opens) that is inside the database, awaits, then rolls back. */
async function rollingBack(database: Awaited<ReturnType<typeof openTestDatabase>>, inside: () => void) {
  await database.db
    .transaction()
    .execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      inside();
      await pause(50);
      throw new Error("rolled back on purpose");
    })
    .catch((error: Error) => expect(error.message).toBe("rolled back on purpose"));
}

// PGlite has one session: a statement run beside kysely's queue lands in whatever transaction is open.
describe("PGlite runs every statement through one queue", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite: true });
    store = await createPostgresEventStore(database);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it("core hardening 1: an append during a rolled-back transaction survives", async () => {
    const streamId = `survivor-${randomUUID()}`;
    let appended: Promise<unknown> = Promise.resolve();
    await rollingBack(database, () => {
      appended = store.append(streamId, [{ type: "Survived", data: { n: 1 } }]);
    });
    await appended;
    const events = await store.readStream(streamId);
    expect(events.map((e) => e.type)).toEqual(["Survived"]);
  });

  it("core hardening 1: a LISTEN made during a rolled-back transaction still hears NOTIFY", async () => {
    const channel = `heard_${randomUUID().slice(0, 8)}`;
    let heard = 0;
    let listening: Promise<unknown> = Promise.resolve();
    await rollingBack(database, () => {
      listening = database.listen(channel, () => void heard++);
    });
    await listening;
    await database.preparedQuery("notify_test", "SELECT pg_notify($1, '')", [channel]);
    await expect.poll(() => heard, { timeout: 2000 }).toBe(1);
  });
});
