import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { allProjections, applyEvents, type Database, type Projection } from "@shop/projections";
import type { RecordedEvent } from "@shop/shared";
import type { RunningServer } from "../services/src/server.ts";
import {
  newTestPlace,
  removeTestPlace,
  startTestServer,
  type TestServerPlace,
} from "../services/src/testing/test-server.ts";
import { templateHistory } from "./replay-events.ts";

describe("the replay bench's history (issue 28.2)", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let template: RecordedEvent[];
  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place);
    template = await templateHistory(server);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("spec 28.2 the bench's template holds every event type some read model handles, each valid by its schema", () => {
    const inTemplate = new Set(template.map((e) => e.type));
    const handled = [...new Set(allProjections.flatMap((p) => p.handles))];
    expect(handled.filter((type) => !inTemplate.has(type))).toEqual([]);
    expect(template.filter((e) => e.invalid).map((e) => e.type)).toEqual([]);
  });

  it("spec 28.2 most of the template is the shop's commerce: carts, checkouts, orders, payments, mails, gifts, giveaways", () => {
    const commerce = /^(Cart|Checkout|Order|PaymentAttempt|Mail|CampaignGift|Gamify|Sku|Product|Address)/;
    expect(template.filter((e) => commerce.test(e.type)).length / template.length).toBeGreaterThan(0.5);
  });

  it("spec 28.2 applying the shop's history in batches leaves the same rows as one event at a time, in every read model", async () => {
    const db = server.database.db;
    const different: string[] = [];
    for (const projection of allProjections) {
      const [batched, oneByOne] = await Promise.all([
        rowsAfter(db, projection, template, "batched"),
        rowsAfter(db, projection, template, "one by one"),
      ]);
      for (const table of projection.tables)
        if (batched.get(table) !== oneByOne.get(table)) different.push(`${projection.name}: ${table}`);
      expect(batched.size).toBe(projection.tables.length);
    }
    expect(different).toEqual([]);
  }, 120_000);
});

/**
 * The projection's tables, made in a schema of their own from `events` in one transaction (other
 * tables are read from the server's schema), as a digest of their rows per table.
 */
async function rowsAfter(
  db: Kysely<Database>,
  projection: Projection,
  events: RecordedEvent[],
  how: "batched" | "one by one",
): Promise<Map<string, string>> {
  const schema = `eq_${randomBytes(4).toString("hex")}`;
  const { rows: live } = await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db);
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(db);
  try {
    return await db.transaction().execute(async (trx) => {
      // As a rebuild does: migrate in the new schema alone (an unqualified DROP TABLE IF EXISTS must not
      // find the live table), then apply with the live schema searched after it (person_keys).
      await sql`SELECT set_config('search_path', ${`"${schema}"`}, true)`.execute(trx);
      await projection.migrate(trx);
      await sql`SELECT set_config('search_path', ${`"${schema}", "${live[0].s}"`}, true)`.execute(trx);
      if (how === "batched") {
        for (let i = 0; i < events.length; i += 200) await applyEvents(trx, projection, events.slice(i, i + 200));
      } else {
        for (const event of events) await applyEvents(trx, projection, [event]);
      }
      const digests = new Map<string, string>();
      for (const table of projection.tables) {
        const { rows } = await sql<{
          digest: string;
        }>`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), ''))
          AS digest FROM ${sql.id(schema, table)} t`.execute(trx);
        digests.set(table, rows[0].digest);
      }
      return digests;
    });
  } finally {
    await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db);
  }
}
