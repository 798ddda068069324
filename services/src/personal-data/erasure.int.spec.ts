import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allProjections, rebuildProjections } from "@shop/projections";
import { ERASED, START, readAllCommitted } from "@shop/shared";
import { sql } from "kysely";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { signedInClient } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { erasePerson } from "./erase-customer.ts";

const home = {
  first_name: "Ann",
  last_name: "Shopper",
  street1: "1 Main St",
  city: "Springfield",
  state: "IL",
  postal_code: "62701",
  phone: "555-0100",
};

describe.each(testBackends())("right to erasure without rewriting the log on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  const deps = () => ({ store: server.store, db: server.database.db, clock: () => new Date() });
  let ann: TestClient;
  let staff: TestClient;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    ann = new TestClient(server.url);
    // Under load an answer may be 503 (saved, not yet visible): the write is in the log either way, and
    // each step waits for the read models so the next one sees it.
    const settle = async () => void (await server.runner.waitFor(await server.store.head()));
    await ann.post("/api/account/signup/", { email: "ann@example.org", password: "long enough", name: "Ann Shopper" });
    await settle();
    await ann.post("/api/account/addresses/", home);
    await settle();
    await ann.post("/api/account/addresses/", { ...home, street1: "2 Office Park" });
    await settle();
    staff = (await signedInClient(server, "staff@example.org", "Staff")).client;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  const rows = async () => ({
    users: (await sql`SELECT id, email, name FROM users ORDER BY id`.execute(server.database.db)).rows,
    addresses: (await sql`SELECT * FROM addresses ORDER BY id`.execute(server.database.db)).rows,
  });

  it("before erasure the read models show the person's data, opened from the sealed events", async () => {
    const { json } = await ann.get("/api/account/addresses/");
    expect(json.items.map((a: { street1: string }) => a.street1)).toEqual(["1 Main St", "2 Office Park"]);
    expect(JSON.stringify((await rows()).users)).toContain("ann@example.org");
  });

  it("erase-customer deletes the key: the users and addresses read models show the person as erased", async () => {
    const erased = await erasePerson(deps(), "ann@example.org");
    expect(erased.erased).toBe(true);
    await server.runner.waitFor(erased.position!);
    const { users, addresses } = await rows();
    const annRow = users.find((u) => (u as { name: string }).name === ERASED) as { email: string };
    expect(annRow.email).toMatch(/^erased-.*@erased\.invalid$/);
    expect(JSON.stringify(users)).not.toContain("ann@example.org");
    expect(addresses).toHaveLength(2);
    for (const a of addresses as Array<Record<string, unknown>>)
      expect(a).toMatchObject({ first_name: ERASED, last_name: ERASED, street1: ERASED, phone: ERASED });
    const key = await sql`SELECT count(*)::int AS n FROM person_keys`.execute(server.database.db);
    expect(key.rows).toEqual([{ n: 0 }]); // staff's account was created in clear (ops/test kit): no key
  });

  it("the audit view shows no personal data of the erased person (only sealed boxes and the erasure)", async () => {
    const all = await readAllCommitted(server.store, START, { limit: 10_000 });
    const text = JSON.stringify(all.filter((e) => !e.streamId.startsWith("useremail-")).map((e) => e.data));
    expect(text).not.toMatch(/Main St|Office Park|Shopper|555-0100/);
    const audit = await staff.get("/admin/api/base/audit/?type=AddressAdded");
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.json)).not.toMatch(/Main St|Shopper/);
  });

  it("a replay gives the same erased rows", async () => {
    const before = await rows();
    const results = await rebuildProjections({
      db: server.database.db,
      store: server.store,
      projections: allProjections.filter((p) => p.name === "users" || p.name === "addresses"),
    });
    expect(results.map((r) => r.failure)).toEqual([undefined, undefined]);
    expect(await rows()).toEqual(before);
  });

  it("erasing again appends nothing", async () => {
    expect(await erasePerson(deps(), "ann@example.org")).toMatchObject({ erased: false, position: null });
  });
});
