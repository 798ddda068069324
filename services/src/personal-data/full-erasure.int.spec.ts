import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDatabase } from "../platform/database.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { signedInClient } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { BOOK, CHECKOUT_CATALOG, DOWNLOAD, GOOD_CARD } from "../checkout/checkout-fixtures.ts";
import { opsEnv, runOpsInProcess } from "../ops/ops-cli-kit.ts";

const C = "/api/store/shop/checkout/";
const EMAIL = "ruth.quillfeather@example.org";
const RUTH = {
  first_name: "Ruth",
  last_name: "Quillfeather",
  street1: "17 Inkwell Row",
  street2: "",
  city: "Scrivenersville",
  state: "KY",
  postal_code: "QX7 9WZ",
  country: "US",
  org_name: "",
};
const SHIP_TO_RUTH = {
  ship_first_name: RUTH.first_name,
  ship_last_name: RUTH.last_name,
  ship_street1: RUTH.street1,
  ship_street2: "",
  ship_city: RUTH.city,
  ship_state: RUTH.state,
  ship_postal_code: RUTH.postal_code,
  ship_country: "US",
};
/** What of Ruth must be nowhere once she is erased (searched case-insensitively). */
const NEEDLES = [EMAIL, "quillfeather", RUTH.street1, RUTH.city, RUTH.postal_code, "ruth quill"];

/** Each needle and the lines of `text` that hold it (case-insensitive). */
function hitsIn(text: string): Record<string, string[]> {
  const lines = text.toLowerCase().split("\n");
  return Object.fromEntries(
    NEEDLES.map((needle) => [
      needle,
      lines.filter((l) => l.includes(needle.toLowerCase())).map((l) => l.slice(0, 300)),
    ]),
  );
}
const hitCount = (hits: Record<string, string[]>) => Object.values(hits).reduce((n, lines) => n + lines.length, 0);

/** The whole database as text: pg_dump of the test's schema, or on PGlite every table's rows. */
async function dumpOf(place: TestServerPlace): Promise<string> {
  if (place.url) {
    const { stdout } = await promisify(execFile)("pg_dump", ["--schema", place.schema, place.url], {
      maxBuffer: 512 * 1024 * 1024,
    });
    return stdout;
  }
  const database = await openDatabase({ dataDir: join(place.dataDir, "pglite") });
  try {
    const tables = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(database.db);
    const parts: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(name)} t`.execute(database.db);
      parts.push(`-- ${name}`, ...rows.rows.map((r) => r.row));
    }
    return parts.join("\n");
  } finally {
    await database.close();
  }
}

describe.each(testBackends())("security 15: erase-customer leaves nothing of the person on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer | undefined;
  const ops = (...args: string[]) => runOpsInProcess(opsEnv(place), args);

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    const s = server;
    const settle = async () => void (await s.runner.waitFor(await s.store.head()));
    for (const given of CHECKOUT_CATALOG)
      await s.store.append(given.streamId, [{ type: given.type, data: given.data, metadata: {} }]);
    const staff = (await signedInClient(s, "staff@example.org", "Staff")).client;
    const list = await staff.post("/admin/api/newsletters/list/", {
      name: "Events",
      slug: "events",
      requires_postal_code: "1",
    });
    expect(list.status).toBe(201);
    await settle();

    // A guest order, then an account, then an order as a member (mixed case: one person for every spelling).
    const order = async (shopper: TestClient, email: string, key: string) => {
      await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1&${DOWNLOAD}=1`);
      expect((await shopper.post(`${C}info/`, { ...RUTH, email })).json.step).toBe(2);
      expect((await shopper.post(`${C}delivery/`, { ...SHIP_TO_RUTH, digital_email: email })).json.step).toBe(3);
      await shopper.post(`${C}shipping/`, { shipping_method: "standard" });
      const paid = await shopper.post(`${C}payment/`, GOOD_CARD, { "idempotency-key": key });
      expect(paid.json.metadata.success).toBe(true);
      await settle();
    };
    await order(new TestClient(s.url), "Ruth.Quillfeather@Example.org", "erasure-guest");
    const ruth = new TestClient(s.url);
    const signup = await ruth.post("/api/account/signup/", {
      email: "RUTH.QUILLFEATHER@example.org",
      password: "long enough",
      name: "Ruth Quillfeather",
    });
    expect(signup.json.metadata.success).toBe(true);
    await settle();
    await order(ruth, EMAIL, "erasure-member");

    // The newsletter (double opt-in, confirmed), the UK list, a password reset and a failed login.
    const visitor = new TestClient(s.url);
    const asked = await visitor.post("/newsletters/signup/", {
      email: ` ${EMAIL.toUpperCase()} `,
      lists: [list.json.id],
      postal_code: RUTH.postal_code,
    });
    expect(asked.json.outcome).toBe("needs-finished");
    await settle();
    const confirmation = (await staff.get(`/admin/api/mailbox/?to=${encodeURIComponent(EMAIL)}`)).json.items.find(
      (m: { subject: string }) => m.subject.includes("confirm"),
    );
    const token = /confirm\/\?token=([\w-]+)/.exec(confirmation.text)![1];
    expect((await visitor.post("/api/newsletters/confirm/", { token })).json.outcome).toBe("thanks");
    expect((await visitor.post("/newsletters/uk-signup/", { email: EMAIL })).json.success).toBe(true);
    expect((await visitor.post("/api/account/password-reset/", { email: EMAIL })).status).toBe(200);
    expect((await visitor.post("/api/account/login/", { email: EMAIL, password: "wrong guess" })).status).not.toBe(200);
    await settle();
    // Every mail delivered to the local mailbox before the erasure.
    for (let tries = 0; ; tries++) {
      const mails = (await staff.get("/admin/api/mailbox/")).json.items as Array<{ status: string }>;
      if (mails.every((m) => m.status === "sent")) break;
      if (tries > 300) throw new Error(`mails not delivered: ${JSON.stringify(mails.map((m) => m.status))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await settle();
    await s.close();
    server = undefined;
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("before the erasure, ops mails shows her mails opened (the key exists), and the dump search finds her", async () => {
    const before = hitsIn(await dumpOf(place));
    expect(before[EMAIL]!.length).toBeGreaterThan(0); // the users, orders and mailbox read models
    expect(before[RUTH.street1]!.length).toBeGreaterThan(0);
    const mails = await ops("mails", "--to", EMAIL, "--limit", "100", "--full");
    expect(mails.code).toBe(0);
    expect(mails.stdout).toContain(EMAIL);
    expect(mails.stdout).toMatch(/Reset your password/);
    expect(mails.stdout).toMatch(/Please confirm your newsletter subscription/);
  });

  it("after ops erase-customer, a dump of the whole database, ops events and ops mails hold nothing of her", {
    timeout: 120_000,
  }, async () => {
    const erased = await ops("erase-customer", "--email", " Ruth.QuillFeather@EXAMPLE.org");
    expect(erased.stderr).toBe("");
    expect(erased.code).toBe(0);
    const events = await ops("events", "--limit", "100000");
    expect(events.code).toBe(0);
    const mails = await ops("mails", "--limit", "1000", "--full");
    expect(mails.code).toBe(0);
    expect(mails.stdout).toMatch(/Reset your password/); // her mails are still listed, without her
    const dump = await dumpOf(place);
    expect(dump).toContain("MailQueued"); // the dump holds the log
    const found = { dump: hitsIn(dump), events: hitsIn(events.stdout), mails: hitsIn(mails.stdout) };
    expect(hitCount(found.dump) + hitCount(found.events) + hitCount(found.mails), JSON.stringify(found, null, 1)).toBe(
      0,
    );
  });
});
