import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { signedInClient } from "../testing/server-kit.ts";
import { printEvents } from "../ops/events-command.ts";
import { openOpsContext } from "../ops/ops-context.ts";
import type { RunningServer } from "../server.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const COMMANDS = 200;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `ops events --type T --json`, run in this process against the data folder the server left. */
async function eventsInLog(place: TestServerPlace, type: string): Promise<Array<{ data: Record<string, unknown> }>> {
  const ctx = await openOpsContext({ ...process.env, DATABASE_URL: "", DATA_DIR: place.dataDir, LOG_LEVEL: "silent" });
  const lines: string[] = [];
  try {
    await printEvents(
      ctx,
      { type, limit: COMMANDS * 2, json: true },
      { line: async (l) => void lines.push(l), note: async () => {} },
    );
  } finally {
    await ctx.close();
  }
  return lines.map((l) => JSON.parse(l));
}

// The embedded default: a real server on PGlite, one session shared by requests and projections.
describe("acknowledged writes on the embedded default (PGlite)", () => {
  let place: TestServerPlace;
  let server: RunningServer;

  beforeAll(async () => {
    place = newTestPlace({ pglite: true });
    server = await startTestServer(place);
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("core hardening 1: every acknowledged write of 200 concurrent commands is in ops events", {
    timeout: 120_000,
  }, async () => {
    const { client } = await signedInClient(server, "bulk@example.org", "Bulk Editor");

    // Beside the projection runner's own batches, batches that fail and roll back, as a projector
    // that throws on an event makes them do. Nothing a request wrote may go with them.
    let sending = true;
    const stopBy = Date.now() + 100_000; // and before the test's timeout, should a command never answer
    const failingBatch = async () => {
      while (sending && Date.now() < stopBy) {
        await server.database.db
          .transaction()
          .execute(async (trx) => {
            await sql`SELECT 1`.execute(trx);
            await pause(10);
            throw new Error("projector failed");
          })
          .catch(() => {});
      }
    };
    const failingBatches = Promise.all([failingBatch(), failingBatch(), failingBatch()]);

    // The failing batches stop whatever happens to the commands: left running, they would keep the
    // one PGlite session busy and the file would never end.
    let answers: Awaited<ReturnType<typeof client.post>>[];
    try {
      answers = await Promise.all(
        Array.from({ length: COMMANDS }, (_, i) =>
          client.post("/admin/api/content/keyword/", { name: `Bulk keyword ${i}` }),
        ),
      );
    } finally {
      sending = false;
      await failingBatches;
    }

    const acknowledged = answers.filter((a) => a.status >= 200 && a.status < 300).map((a) => a.json.id as number);
    expect(acknowledged.length).toBeGreaterThan(0);
    await server.close();

    const logged = new Set((await eventsInLog(place, "KeywordCreated")).map((e) => e.data.id));
    const missing = acknowledged.filter((id) => !logged.has(id));
    expect({ acknowledged: acknowledged.length, missing }).toEqual({ acknowledged: acknowledged.length, missing: [] });
  });
});
