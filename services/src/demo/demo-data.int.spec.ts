import { afterAll, describe, expect, it } from "vitest";
import { START, readAllCommitted } from "@shop/shared";
import { DEMO_LOGIN, DEMO_LOGIN_2 } from "./demo-data.ts";
import type { RunningServer } from "../server.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer } from "../testing/test-server.ts";

describe.skipIf(!testDatabaseUrl())("demo data on PostgreSQL", () => {
  const place = newTestPlace();
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
    await removeTestPlace(place);
  });

  it("two fresh processes starting at once on one empty schema both start, and the demo data is loaded once", {
    timeout: 60_000,
  }, async () => {
    const started = await Promise.allSettled([
      startTestServer(place, { demoData: true }),
      startTestServer(place, { demoData: true }),
    ]);
    for (const s of started) if (s.status === "fulfilled") servers.push(s.value);
    expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual([
      "started",
      "started",
    ]);

    // A read sees only what no open transaction can still change: a read model still applying the
    // seed (the other process's) would hide the last events, so both catch up first.
    const head = await servers[0].store.head();
    for (const server of servers) expect(await server.runner.waitFor(head, undefined, 30_000)).toBe(true);
    const log = await readAllCommitted(servers[0].store, START, { limit: 10_000 });
    const count = (type: string) => log.filter((e) => e.type === type).length;
    expect({
      users: count("UserRegistered"),
      emails: count("UserEmailClaimed"),
      campaigns: count("CampaignCreated"),
    }).toEqual({ users: 2, emails: 2, campaigns: 1 });
    for (const server of servers) {
      for (const login of [DEMO_LOGIN, DEMO_LOGIN_2]) {
        const client = new TestClient(server.url);
        let res = await client.post("/api/account/login/", { email: login.email, password: login.password });
        // The process that did not seed may still be projecting the other one's users.
        for (let i = 0; i < 50 && res.status !== 200; i++) {
          await new Promise((r) => setTimeout(r, 100));
          res = await client.post("/api/account/login/", { email: login.email, password: login.password });
        }
        expect(res.status).toBe(200);
      }
    }
  });

  it("spec 26.10: a fresh demo shop has paid orders and gifts, so the dashboard, its chart and the thermometer show figures; a restart adds none", {
    timeout: 60_000,
  }, async () => {
    const server = servers[0]!;
    const log = await readAllCommitted(server.store, START, { limit: 10_000 });
    const orders = log.filter((e) => e.type === "OrderPlaced");
    expect(orders).toHaveLength(6);
    expect(orders.every((e) => (e.data as { payment: { status: string } }).payment.status === "paid")).toBe(true);
    expect(log.filter((e) => e.type === "CampaignGiftRecorded")).toHaveLength(4);

    const staff = new TestClient(server.url);
    expect((await staff.post("/api/account/login/", DEMO_LOGIN)).status).toBe(200);
    const figures = (await staff.get("/admin/api/dashboard/?tz=UTC")).json;
    expect(figures.today).toMatchObject({ orders: 1, donations_cents: 2500, revenue_cents: 2500 });
    // Spread over the last days (the chart's days; this month's only, so one to five of them).
    expect(figures.by_day.length).toBeGreaterThanOrEqual(1);
    expect(figures.campaigns).toEqual([expect.objectContaining({ slug: "ark-main", received_cents: 18_750 })]);
    expect(figures.top_products.map((p: { sku: string }) => p.sku).sort()).toEqual(["90-8-111", "90-8-113"]);
    const thermometer = (await new TestClient(server.url).get("/api/store/campaign-status/?campaign=ark-main")).json;
    expect(thermometer).toMatchObject({ raised_cents: 18_750, donors: 4 });

    // A restart on the same data finds the demo seeded and sells nothing more.
    for (const s of servers.splice(0)) await s.close();
    const again = await startTestServer(place, { demoData: true });
    servers.push(again);
    const after = await readAllCommitted(again.store, START, { limit: 10_000 });
    expect(after.filter((e) => e.type === "OrderPlaced")).toHaveLength(6);
    expect(after.filter((e) => e.type === "CampaignGiftRecorded")).toHaveLength(4);
    expect(after.filter((e) => e.type === "UserRegistered")).toHaveLength(2);
  });
});
