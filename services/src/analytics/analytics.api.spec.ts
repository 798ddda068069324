import { describe, expect, it } from "vitest";
import { ANALYTICS_MAX_BYTES } from "@shop/shared/analytics/api";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { EVENTS_TOO_LARGE } from "./analytics-router.ts";

const spec = apiSpec(createApp);
const staff = signedInUser("ed@example.org", "Ed");
const shopper = signedInUser("ann@example.org", "Ann", { isStaff: false });
const view = (path: string) => ({ name: "page_view", path });

describe("spec 1: the shop's own analytics port (POST /api/analytics/)", () => {
  it("spec 1: a page's events are kept outside the log, with no cookie set and no address kept", () =>
    spec
      .given()
      .when((http) =>
        http.visitor().post("/api/analytics/", {
          events: [
            view("/store/?q=ann%40example.org"),
            { name: "add_to_cart", path: "/store/", sku: "10-1-201", value_cents: 1999 },
          ],
        }),
      )
      .then(async ({ response, newEvents, db }) => {
        expect([response.status, response.json]).toEqual([201, { metadata: { success: true } }]);
        expect(newEvents).toEqual([]);
        expect(response.headers.getSetCookie().filter((c) => !c.startsWith("csrftoken="))).toEqual([]);
        const rows = await db.selectFrom("analytics_events").selectAll().orderBy("id").execute();
        expect(rows.map((r) => [r.name, r.path, r.sku, r.value_cents])).toEqual([
          ["page_view", "/store/", null, null], // the query string (an email here) is not kept
          ["add_to_cart", "/store/", "10-1-201", 1999],
        ]);
        expect(rows[0].visitor).toMatch(/^[\w-]{22}$/);
        expect(JSON.stringify(rows)).not.toContain("127.0.0.1");
      }));

  it("spec 1: an unknown event name, a path off the site or 21 events are refused, and nothing is kept", () =>
    spec
      .given()
      .when(async (http) => {
        const visitor = http.visitor();
        const answers = [
          await visitor.post("/api/analytics/", { events: [{ name: "login", path: "/" }] }),
          await visitor.post("/api/analytics/", { events: [view("https://elsewhere.example/")] }),
          await visitor.post("/api/analytics/", { events: Array.from({ length: 21 }, () => view("/")) }),
        ];
        return { ...answers[2], json: answers.map((a) => [a.status, a.json.metadata.code]) };
      })
      .then(async ({ response, db }) => {
        expect(response.json).toEqual([
          [400, "INVALID_REQUEST"],
          [400, "INVALID_REQUEST"],
          [400, "INVALID_REQUEST"],
        ]);
        expect(
          await db
            .selectFrom("analytics_events")
            .selectAll()
            .execute()
            .catch(() => []),
        ).toEqual([]);
      }));

  it(`spec 1: a batch over ${ANALYTICS_MAX_BYTES} bytes answers 413`, () =>
    spec
      .given()
      .when((http) =>
        http.visitor().post("/api/analytics/", { events: [{ ...view("/"), target: "x".repeat(ANALYTICS_MAX_BYTES) }] }),
      )
      .then(({ response }) => {
        expect(response.status).toBe(413);
        expect(response.json.metadata).toMatchObject({ code: "REQUEST_TOO_LARGE", message: EVENTS_TOO_LARGE });
      }));

  it("spec 1: the staff summary counts the funnel by distinct visitor, the top pages and products, and each day", () =>
    spec
      .given(staff)
      .when(async (http) => {
        const a = http.visitor();
        await a.post("/api/analytics/", {
          events: [
            view("/"),
            view("/store/"),
            { name: "add_to_cart", path: "/store/", sku: "10-1-201", value_cents: 1999 },
            { name: "checkout_step", path: "/store/checkout/", step: 1 },
            { name: "purchase", path: "/store/checkout/complete/1/", value_cents: 2599 },
          ],
        });
        // A second browser (another User-Agent): another visitor, who only looks.
        await a.request("POST", "/api/analytics/", { events: [view("/store/")] }, { "user-agent": "another browser" });
        return http.as(staff).get("/admin/api/analytics/summary/?days=7");
      })
      .then(({ response }) => {
        expect(response.status).toBe(200);
        const today = new Date().toISOString().slice(0, 10);
        // Every day of the period, oldest first; the six quiet ones are zeros.
        expect(response.json.by_day.map((d: { day: string }) => d.day).at(-1)).toBe(today);
        expect(response.json.by_day.slice(0, 6)).toEqual(
          Array.from({ length: 6 }, (_, i) => ({
            day: new Date(Date.now() - (6 - i) * 86_400_000).toISOString().slice(0, 10),
            visitors: 0,
            views: 0,
            purchases: 0,
            revenue_cents: 0,
          })),
        );
        expect({ ...response.json, by_day: response.json.by_day.slice(6) }).toEqual({
          metadata: { success: true },
          days: 7,
          funnel: { views: 2, adds: 1, checkouts: 1, purchases: 1 },
          top_pages: [
            { path: "/store/", views: 2 },
            { path: "/", views: 1 },
          ],
          top_products: [{ sku: "10-1-201", adds: 1, value_cents: 1999 }],
          by_day: [{ day: today, visitors: 2, views: 3, purchases: 1, revenue_cents: 2599 }],
        });
      }));

  it("spec 1: the summary is for staff only", () =>
    spec
      .given(shopper)
      .when(async (http) => {
        const visitor = await http.visitor().get("/admin/api/analytics/summary/");
        const shopperAnswer = await http.as(shopper).get("/admin/api/analytics/summary/");
        return { ...shopperAnswer, json: [visitor.status, shopperAnswer.status] };
      })
      .then(({ response }) => expect(response.json).toEqual([401, 403])));
});
