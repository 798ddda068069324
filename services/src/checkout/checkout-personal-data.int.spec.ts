import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { allProjections, rebuildProjections } from "@shop/projections";
import { ERASED, readAllCommitted, type LogPosition } from "@shop/shared";
import { erasePerson } from "../personal-data/erase-customer.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { signedInClient } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { BILLING, BOOK, CHECKOUT_CATALOG, DOWNLOAD, GOOD_CARD, SAME_AS_BILLING } from "./checkout-fixtures.ts";

const C = "/api/store/shop/checkout/";
/** What of Noah's data must never stand in clear in the log. */
const NOAH = /noah@example\.org|"Noah"|Builder|1 Ark Way|Petersburg/;
const GIFT_EMAIL = "friend@example.org";

describe.each(testBackends())("the checkout's personal data, sealed, on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let staff: TestClient;
  let guest: TestClient;
  let number: string;
  let checkoutStart: LogPosition;
  const settle = async () => void (await server.runner.waitFor(await server.store.head()));

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    for (const given of CHECKOUT_CATALOG)
      await server.store.append(given.streamId, [{ type: given.type, data: given.data, metadata: {} }]);
    await settle();
    staff = (await signedInClient(server, "staff@example.org", "Staff")).client;
    checkoutStart = await server.store.head();
    guest = new TestClient(server.url);
    await guest.get(`/api/store/shop/add-to-cart/?${BOOK}=1&${DOWNLOAD}=1`);
    expect((await guest.post(`${C}info/`, BILLING)).json.step).toBe(2);
    expect((await guest.post(`${C}delivery/`, { ...SAME_AS_BILLING, digital_email: GIFT_EMAIL })).json.step).toBe(3);
    await guest.post(`${C}shipping/`, { shipping_method: "standard" });
    const paid = await guest.post(`${C}payment/`, GOOD_CARD, { "idempotency-key": "pii-1" });
    expect(paid.json.metadata.success).toBe(true);
    number = paid.json.order.number;
    await settle();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  const orderRows = async () =>
    (await sql`SELECT * FROM orders ORDER BY number`.execute(server.database.db)).rows as Array<
      Record<string, unknown>
    >;
  const mailRows = async () => (await sql`SELECT * FROM mailbox ORDER BY id`.execute(server.database.db)).rows;

  it("no clear email, name or street in any event a whole guest checkout appended (raw event data)", async () => {
    const events = await readAllCommitted(server.store, checkoutStart, { limit: 10_000 });
    const raw = await sql<{ stream_id: string; type: string; data: unknown }>`
      SELECT stream_id, type, data FROM events WHERE type IN ('CheckoutBillingGiven', 'CheckoutDeliveryGiven', 'OrderPlaced')`.execute(
      server.database.db,
    );
    expect(raw.rows.map((r) => r.type).sort()).toEqual([
      "CheckoutBillingGiven",
      "CheckoutDeliveryGiven",
      "OrderPlaced",
    ]);
    expect(events.map((e) => e.type)).toContain("MailQueued"); // the confirmation: sealed as the order is
    for (const e of events) {
      expect(JSON.stringify(e.data), `${e.streamId} ${e.type}`).not.toMatch(NOAH);
      expect(JSON.stringify(e.data), `${e.streamId} ${e.type}`).not.toContain(GIFT_EMAIL);
    }
    for (const row of raw.rows) expect(JSON.stringify(row.data)).toMatch(/"box":"v1\./);
  });

  it("the read models and the order pages open the sealed data", async () => {
    const [row] = await orderRows();
    expect(row).toMatchObject({ number, name: "Noah Builder", email: "noah@example.org" });
    expect((row!.view as { shipping: { street1: string } }).shipping.street1).toBe("1 Ark Way");
    const page = await staff.get(`/admin/api/store/order/${number}/`);
    expect(page.json).toMatchObject({ name: "Noah Builder", email: "noah@example.org" });
    expect(page.json.order).toMatchObject({ digital_email: GIFT_EMAIL, billing: { street1: "1 Ark Way" } });
    const mine = await guest.get(`/api/store/shop/orders/${number}/`);
    expect(mine.json.order.shipping).toMatchObject({ first_name: "Noah", city: "Petersburg" });
    const [mail] = (await staff.get("/admin/api/mailbox/")).json.items;
    expect(mail).toMatchObject({ to: "noah@example.org", subject: `Your order ${number}` });
    expect(mail.text).toContain("Dear Noah Builder,");
  });

  it("erasing a guest's order: every read model shows the person as erased, the order keeps its amounts", async () => {
    const before = (await orderRows())[0]!;
    const erased = await erasePerson(
      { store: server.store, db: server.database.db, clock: () => new Date() },
      "Noah@Example.org ",
    );
    expect(erased).toMatchObject({ erased: true });
    expect(erased.persons[0]).toMatch(/^guest-/);
    await server.runner.waitFor(erased.position!);
    const [row] = await orderRows();
    expect(row).toMatchObject({ name: ERASED, email: ERASED, total_cents: before.total_cents, status: "Placed" });
    expect(JSON.stringify(row!.view)).not.toMatch(NOAH);
    expect(row!.view).toMatchObject({ total_cents: (before.view as { total_cents: number }).total_cents });
    const list = await staff.get("/admin/api/store/order/");
    expect(list.json.items).toEqual([expect.objectContaining({ number, name: ERASED, email: ERASED })]);
    const page = await staff.get(`/admin/api/store/order/${number}/`);
    expect(page.json).toMatchObject({ name: ERASED, email: ERASED, total_cents: Number(before.total_cents) });
    expect(page.json.order).toMatchObject({ digital_email: ERASED, shipping: { street1: ERASED } });
    const mine = await guest.get(`/api/store/shop/orders/${number}/`);
    expect(JSON.stringify(mine.json)).not.toMatch(NOAH);
    const audit = await staff.get("/admin/api/base/audit/?type=OrderPlaced");
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.json)).not.toMatch(NOAH);
    const [mail] = (await staff.get("/admin/api/mailbox/")).json.items;
    expect(mail).toMatchObject({ to: ERASED, text: ERASED, subject: `Your order ${number}` });
    const keys = await sql`SELECT count(*)::int AS n FROM guest_persons`.execute(server.database.db);
    expect(keys.rows).toEqual([{ n: 0 }]); // the email is forgotten with the key
  });

  it("a rebuild after the erasure gives the same orders and mailbox tables, row for row", async () => {
    // The outbox's sender records the delivery meanwhile: compare once it has, and the read models took it.
    await expect
      .poll(async () => (await mailRows()).map((m) => (m as { status: string }).status), { timeout: 20_000 })
      .toEqual(["sent"]);
    await settle();
    const before = { orders: await orderRows(), mails: await mailRows() };
    const results = await rebuildProjections({
      db: server.database.db,
      store: server.store,
      projections: allProjections.filter((p) => p.name === "orders" || p.name === "mailbox"),
    });
    expect(results.map((r) => r.failure)).toEqual([undefined, undefined]);
    expect({ orders: await orderRows(), mails: await mailRows() }).toEqual(before);
  });
});
