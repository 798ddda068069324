import { sql } from "kysely";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_CHANGED, type DashboardChangedMessage } from "@shop/shared/dashboard/api";
import { dashboardProjection, rebuildProjection } from "@shop/projections";
import { BOOK, CHECKOUT_CATALOG, GIFT, GOOD_CARD, throughShipping } from "../checkout/checkout-fixtures.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { adminSocket, nextPush, signedInClient } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const ORDERS = "/admin/api/store/order/";
const DASHBOARD = "/admin/api/dashboard/?tz=UTC";
// One backend is enough here: the read model's SQL is the same on both (PostgreSQL when the tests have it).
const [backend] = testBackends();
/** The shop's clock starts at 03:30 UTC on March 1st: still February 28th in New York. */
const START = Date.parse("2027-03-01T03:30:00.000Z");

describe(`spec 26.10: the staff dashboard's read model on ${backend!.name}`, () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let staff: TestClient;
  let socket: Socket;
  const settle = async () => void (await server.runner.waitFor(await server.store.head()));

  /** A visitor buys `query` and pays as `payment` says; answers the order number. */
  async function buy(query: string, payment: Record<string, string>): Promise<string> {
    const shopper = new TestClient(server.url);
    await shopper.get(`/api/store/shop/add-to-cart/?${query}`);
    await throughShipping(shopper);
    const placed = await shopper.post("/api/store/shop/checkout/payment/", payment);
    expect(placed.json.metadata?.success, JSON.stringify(placed.json)).toBe(true);
    return placed.json.order.number;
  }

  beforeAll(async () => {
    place = newTestPlace({ pglite: backend!.pglite });
    const began = Date.now();
    server = await startTestServer(place, { clock: () => new Date(START + Date.now() - began) });
    for (const given of CHECKOUT_CATALOG)
      await server.store.append(given.streamId, [{ type: given.type, data: given.data, metadata: {} }]);
    staff = (await signedInClient(server, "staff@example.org", "Staff")).client;
    const created = await staff.post("/admin/api/store/campaign/", {
      slug: "ark-main",
      name: "Build the Ark",
      goal_cents: 100_000,
    });
    expect(created.status).toBe(201);
    await settle();
    socket = await adminSocket(server.url, staff.cookieHeader);
  }, 180_000);
  afterAll(async () => {
    socket?.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("spec 26.10: an order placed pushes dashboard:changed to staff sockets once the figures have it", async () => {
    const pushed = nextPush<DashboardChangedMessage>(socket, DASHBOARD_CHANGED, (m) => m.type === "OrderPlaced");
    await buy(`${BOOK}=2`, GOOD_CARD);
    expect(await pushed).toEqual({ type: "OrderPlaced" });
    // Sent after the read models applied it: a refetch on the push already counts the order.
    expect((await staff.get(DASHBOARD)).json.today.orders).toBe(1);
  });

  it("spec 26.10: orders, money received, refunds, gifts received and pledged, top products and low stock", async () => {
    const [books] = (await sql<{ number: string }>`SELECT number FROM orders`.execute(server.database.db)).rows;
    await buy(`${GIFT}=25`, GOOD_CARD);
    await buy(`${GIFT}=40`, { payment_type: "check" });
    const page = await staff.get(`${ORDERS}${books!.number}/`);
    const booksTotal: number = page.json.total_cents;
    const refunded = await staff.post(`${ORDERS}${books!.number}/refund/`, {
      expected_version: page.json.version,
      amount_cents: 500,
      reason: "dented",
    });
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    await settle();

    const db = server.database.db;
    const hours = await sql<Record<string, unknown>>`SELECT to_char(hour, 'YYYY-MM-DD HH24:MI') AS hour, orders,
      revenue_cents::int, donations_cents::int, refunds, refunded_cents::int, players FROM dashboard_hours`.execute(db);
    expect(hours.rows).toEqual([
      {
        hour: "2027-03-01 03:30", // the quarter hour the clock started in
        orders: 3,
        revenue_cents: booksTotal + 2500,
        donations_cents: 2500,
        refunds: 1,
        refunded_cents: 500,
        players: 0,
      },
    ]);
    const pledges = await sql`SELECT order_number, campaign, cents::int FROM dashboard_pledges`.execute(db);
    expect(pledges.rows).toEqual([{ order_number: expect.any(String), campaign: "ark-main", cents: 4000 }]);

    const { status, json } = await staff.get(DASHBOARD);
    expect(status).toBe(200);
    const figures = {
      orders: 3,
      revenue_cents: booksTotal + 2500, // the check's $40 is not received yet
      donations_cents: 2500,
      refunds: 1,
      refunded_cents: 500,
      players: 0,
    };
    expect(json).toEqual({
      metadata: { success: true },
      time_zone: "UTC",
      today: { day: "2027-03-01", ...figures },
      month: { month: "2027-03", ...figures },
      by_day: [{ day: "2027-03-01", orders: 3, revenue_cents: booksTotal + 2500, donations_cents: 2500 }],
      campaigns: [{ slug: "ark-main", name: "Build the Ark", received_cents: 2500, pledged_cents: 4000 }],
      top_products: [{ sku: BOOK, title: "Noah's Ark Book", quantity: 2, revenue_cents: 2598 }],
      low_stock: [{ sku: BOOK, title: "Noah's Ark Book", stock: 3 }],
      giveaways: [],
    });
  });

  it("spec 26.10: the check received moves the pledge to received; a replay rebuilds the same rows", async () => {
    const [check] = (
      await sql<{ number: string }>`SELECT number FROM orders WHERE awaiting_payment`.execute(server.database.db)
    ).rows;
    const page = await staff.get(`${ORDERS}${check!.number}/`);
    expect(
      (await staff.post(`${ORDERS}${check!.number}/check-received/`, { expected_version: page.json.version })).status,
    ).toBe(200);
    await settle();
    const answer = (await staff.get(DASHBOARD)).json;
    expect(answer.campaigns).toEqual([
      { slug: "ark-main", name: "Build the Ark", received_cents: 6500, pledged_cents: 0 },
    ]);
    expect(answer.today).toMatchObject({ donations_cents: 6500, revenue_cents: answer.today.revenue_cents });

    const rows = async () => {
      const tables: Record<string, string[]> = {};
      for (const table of dashboardProjection.tables)
        tables[table] = (await sql`SELECT * FROM ${sql.table(table)}`.execute(server.database.db)).rows
          .map((r) => JSON.stringify(r))
          .sort();
      return tables;
    };
    const live = await rows();
    expect(live.dashboard_hours).toHaveLength(1);
    await rebuildProjection({ db: server.database.db, store: server.store, projection: dashboardProjection });
    expect(await rows()).toEqual(live);
    expect((await staff.get(DASHBOARD)).json).toEqual(answer);
  });

  it("spec 26.10: a staff member's day and month begin at midnight in their time zone", async () => {
    const utc = (await staff.get(DASHBOARD)).json;
    const { status, json } = await staff.get("/admin/api/dashboard/?tz=America/New_York");
    expect(status).toBe(200);
    expect(json.time_zone).toBe("America/New_York");
    expect(json.today).toEqual({ ...utc.today, day: "2027-02-28" });
    expect(json.month).toEqual({ ...utc.month, month: "2027-02" });
    expect(json.by_day).toEqual([{ ...utc.by_day[0], day: "2027-02-28" }]);
    // The site's zone (America/New_York by default) when none is asked for.
    expect((await staff.get("/admin/api/dashboard/")).json.today.day).toBe("2027-02-28");
    const wrong = await staff.get("/admin/api/dashboard/?tz=Mars/Olympus");
    expect([wrong.status, wrong.json.metadata.errors]).toEqual([
      400,
      ["tz: Enter a time zone name, e.g. America/New_York."],
    ]);
  });

  it("spec 26.10: a shopper is refused the figures (403), a visitor too (401)", async () => {
    const shopper = (await signedInClient(server, "ann@example.org", "Ann", false)).client;
    expect((await shopper.get(DASHBOARD)).status).toBe(403);
    expect((await new TestClient(server.url).get(DASHBOARD)).status).toBe(401);
  });
});
