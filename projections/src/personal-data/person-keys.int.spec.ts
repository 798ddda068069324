// A batch of events opens many boxes: the keys of the persons it names are read in one query
// (expectPersonKeys), not one query per box, and each box opens exactly as it did alone.
import { sql, type KyselyPlugin, type RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { z } from "zod";
import {
  expectPersonKeys,
  guestPerson,
  migratePersonKeys,
  openPersonal,
  sealedPersonsOf,
  sealGuestPersonal,
  sealPersonal,
} from "./person-keys.ts";

const Name = z.object({ name: z.string() });

/** Counts the statements that name `table` (person_keys unless told), or any of `tables`. */
function counter(table: string | string[] = "person_keys") {
  const tables = typeof table === "string" ? [table] : table;
  const seen = { keyReads: 0 };
  const plugin: KyselyPlugin = {
    transformQuery({ node }: { node: RootOperationNode }) {
      if (tables.some((t) => JSON.stringify(node).includes(t))) seen.keyReads++;
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  return { seen, plugin };
}

describe("person keys read ahead for a batch", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 2 });
    await migratePersonKeys(database.db);
  });
  afterAll(() => database?.drop());

  it("the keys of a batch's persons are read in one query, and each box opens as it does alone", async () => {
    const db = database.db;
    const boxes = await Promise.all(["ann", "bob", "cy"].map((p) => sealPersonal(db, `p-${p}`, { name: p })));
    const gone = await sealPersonal(db, "p-gone", { name: "gone" });
    await sql`DELETE FROM person_keys WHERE person_id = 'p-gone'`.execute(db);
    const events = [...boxes, gone].map((sealed, i) => ({ data: { id: i, nested: { sealed } } }));
    expect([...sealedPersonsOf(events)].sort()).toEqual(["p-ann", "p-bob", "p-cy", "p-gone"]);

    const { seen, plugin } = counter();
    await db.transaction().execute(async (outer) => {
      const trx = outer.withPlugin(plugin);
      expectPersonKeys(trx, sealedPersonsOf(events));
      const opened = [];
      for (const sealed of [...boxes, gone]) opened.push(await openPersonal(trx, sealed, Name));
      expect(opened).toEqual([{ name: "ann" }, { name: "bob" }, { name: "cy" }, null]);
      expect(seen.keyReads).toBe(1);
      // A person not announced is read as before.
      const other = await sealPersonal(outer, "p-other", { name: "other" });
      expect(await openPersonal(trx, other, Name)).toEqual({ name: "other" });
      expect(seen.keyReads).toBe(2);
    });

    // Without the announcement, one read per box.
    const alone = counter();
    await db.transaction().execute(async (outer) => {
      const trx = outer.withPlugin(alone.plugin);
      for (const sealed of boxes) await openPersonal(trx, sealed, Name);
    });
    expect(alone.seen.keyReads).toBe(3);
  });
});

describe("a key or a guest's person id, made or found in one statement", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 4 });
    await migratePersonKeys(database.db);
  });
  afterAll(() => database?.drop());

  it("sealing makes the person's key, or finds it, in one statement; every box opens with it", async () => {
    const { seen, plugin } = counter();
    const db = database.db.withPlugin(plugin);
    const first = await sealPersonal(db, "p-one", { name: "first" });
    expect(seen.keyReads).toBe(1);
    const second = await sealPersonal(db, "p-one", { name: "second" });
    expect(seen.keyReads).toBe(2);
    // Many at once for a new person: one key, whoever made it.
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sealPersonal(database.db, "p-race", { name: `r${i}` })),
    );
    const opened = await Promise.all(
      [first, second, ...racing].map((sealed) => openPersonal(database.db, sealed, Name)),
    );
    expect(opened.map((o) => o?.name)).toEqual(["first", "second", ...racing.map((_, i) => `r${i}`)]);
    const keys = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM person_keys WHERE person_id = 'p-race'`.execute(database.db);
    expect(keys.rows[0].n).toBe(1);
  });

  it("a guest's person id is made, or found, in one statement; the same email always gets the same id", async () => {
    await guestPerson(database.db, "warm@example.org"); // the site's hash key, read once per process
    const { seen, plugin } = counter("guest_persons");
    const db = database.db.withPlugin(plugin);
    const made = await guestPerson(db, "Guest@Example.org");
    expect(seen.keyReads).toBe(1);
    expect(await guestPerson(db, "guest@example.org")).toBe(made);
    expect(seen.keyReads).toBe(2);
    const racing = await Promise.all(Array.from({ length: 8 }, () => guestPerson(database.db, "race@example.org")));
    expect(new Set(racing).size).toBe(1);
  });
  it("a guest's value is sealed with the person id and key taken in one statement, as the two steps would", async () => {
    await guestPerson(database.db, "warm@example.org"); // the site's hash key, read once per process
    const { seen, plugin } = counter(["guest_persons", "person_keys"]);
    const db = database.db.withPlugin(plugin);
    const first = await sealGuestPersonal(db, "Payer@Example.org", { name: "first" });
    expect(seen.keyReads).toBe(1);
    const again = await sealGuestPersonal(db, "payer@example.org", { name: "again" });
    expect(seen.keyReads).toBe(2);
    // The same person as guestPerson names, and one key for both boxes.
    expect(first.person).toBe(again.person);
    expect(await guestPerson(database.db, "payer@example.org")).toBe(first.person);
    expect((await openPersonal(database.db, first, Name))?.name).toBe("first");
    expect((await openPersonal(database.db, again, Name))?.name).toBe("again");
    // A guest known before whose key was never made gets one; a known key is kept.
    const known = await guestPerson(database.db, "known@example.org");
    const sealed = await sealGuestPersonal(db, "known@example.org", { name: "known" });
    expect(sealed.person).toBe(known);
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sealGuestPersonal(database.db, "rush@example.org", { name: `r${i}` })),
    );
    expect(new Set(racing.map((r) => r.person)).size).toBe(1);
    const opened = await Promise.all(racing.map((r) => openPersonal(database.db, r, Name)));
    expect(opened.map((o) => o?.name)).toEqual(racing.map((_, i) => `r${i}`));
  });
});
