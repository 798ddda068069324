// applyBatch: the rows and the checkpoint in one transaction, without a savepoint around the batch.
import { PostgresQueryCompiler } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedEvent } from "@shop/shared";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { testBackends } from "@shop/services/testing/backends";
import { applyBatch, ProjectorError } from "./apply.ts";
import { migrateCheckpoints, readCheckpoint } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const noted = (n: number) =>
  ({
    type: "Noted",
    streamId: "note-1",
    streamPosition: n,
    globalPosition: n,
    position: { major: BigInt(n), minor: BigInt(n) },
    data: {},
    createdAt: "2026-11-30T00:00:00.000Z",
  }) as unknown as RecordedEvent;

/** A read model of no tables: `batch` and `one` say what its two ways of applying do. */
const probe = (batch: () => void, one: (e: RecordedEvent) => void): Projection => ({
  name: "probe",
  version: 1,
  tables: [],
  handles: ["Noted"],
  migrate: async () => {},
  apply: async (_trx, event) => one(event),
  applyBatch: async () => batch(),
});

describe.each(testBackends())("applyBatch on $name", ({ pglite }) => {
  async function setUp() {
    const database = await openTestDatabase({ pglite });
    cleanups.push(() => database.drop());
    await migrateCheckpoints(database.db);
    const sent: string[] = [];
    const compiler = new PostgresQueryCompiler();
    const db = database.db.withPlugin({
      transformQuery: ({ node, queryId }) => {
        sent.push(compiler.compileQuery(node, queryId).sql);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    return { db, sent };
  }

  it("applies a batch without a savepoint around it", async () => {
    const { db, sent } = await setUp();
    let batches = 0;
    await applyBatch(
      db,
      probe(
        () => batches++,
        () => {},
      ),
      [noted(1), noted(2), noted(3)],
    );
    expect(batches).toBe(1);
    expect(sent.filter((s) => /SAVEPOINT/i.test(s))).toEqual([]);
    expect((await readCheckpoint(db, "probe"))?.eventsApplied).toBe(3);
  });

  it("a batch that throws is applied again one by one", async () => {
    const { db } = await setUp();
    const one: number[] = [];
    await applyBatch(
      db,
      probe(
        () => {
          throw new Error("the batch cannot");
        },
        (e) => one.push(e.globalPosition),
      ),
      [noted(1), noted(2), noted(3)],
    );
    expect(one).toEqual([1, 2, 3]);
    expect((await readCheckpoint(db, "probe"))?.eventsApplied).toBe(3);
  });

  it("a failure one by one names its event and moves no checkpoint", async () => {
    const { db } = await setUp();
    const error = await applyBatch(
      db,
      probe(
        () => {
          throw new Error("the batch cannot");
        },
        (e) => {
          if (e.globalPosition === 2) throw new Error("nor this event");
        },
      ),
      [noted(1), noted(2), noted(3)],
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectorError);
    expect((error as ProjectorError).event.globalPosition).toBe(2);
    expect(await readCheckpoint(db, "probe")).toBeNull();
  });
});
