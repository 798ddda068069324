import { describe, expect, it } from "vitest";
import { orderStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { orderPlaced } from "../orders/order-fixtures.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";

// Issue 26 §10: "today" and "this month" begin at midnight in the staff member's zone, to the minute,
// in a zone half an hour off the hour too (Asia/Kolkata, +05:30).
const NOW = new Date("2027-03-01T18:50:00.000Z"); // 00:20 on March 2nd in Kolkata
const spec = apiSpec(createApp, { clock: () => NOW });
const staff = signedInUser("staff@example.org", "Sarah Staff", { now: NOW });

/** A paid $50 order placed at `at` (UTC). */
function paidAt(number: string, at: string): GivenEvent {
  const { data } = orderPlaced("card");
  return { streamId: orderStream(number), type: "OrderPlaced", data: { ...data, number, placedAt: at } };
}

describe("spec 26.10: the dashboard's days in a half-hour time zone", () => {
  it("spec 26.10: in Asia/Kolkata (+05:30) an order at 23:45 local counts on its own day, one at 00:15 on the next, and the month turns at local midnight", () =>
    spec
      .given(
        staff,
        paidAt("200001", "2027-02-28T18:20:00.000Z"), // Feb 28th, 23:50 in Kolkata: February
        paidAt("200002", "2027-02-28T18:40:00.000Z"), // March 1st, 00:10 in Kolkata: March
        paidAt("200003", "2027-03-01T18:15:00.000Z"), // March 1st, 23:45 in Kolkata
        paidAt("200004", "2027-03-01T18:45:00.000Z"), // March 2nd, 00:15 in Kolkata: today
      )
      .when((http) => http.as(staff).get("/admin/api/dashboard/?tz=Asia/Kolkata"))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        const { today, month, by_day } = response.json;
        expect(today).toMatchObject({ day: "2027-03-02", orders: 1, revenue_cents: 5000 });
        expect(month).toMatchObject({ month: "2027-03", orders: 3, revenue_cents: 15_000 });
        expect(by_day).toEqual([
          { day: "2027-03-01", orders: 2, revenue_cents: 10_000, donations_cents: 0 },
          { day: "2027-03-02", orders: 1, revenue_cents: 5000, donations_cents: 0 },
        ]);
      }));

  it("spec 26.10: the same orders in UTC all fall on March 1st but one (February 28th)", () =>
    spec
      .given(
        staff,
        paidAt("200001", "2027-02-28T18:20:00.000Z"),
        paidAt("200002", "2027-02-28T18:40:00.000Z"),
        paidAt("200003", "2027-03-01T18:15:00.000Z"),
        paidAt("200004", "2027-03-01T18:45:00.000Z"),
      )
      .when((http) => http.as(staff).get("/admin/api/dashboard/?tz=UTC"))
      .then(({ response }) => {
        expect(response.json.today).toMatchObject({ day: "2027-03-01", orders: 2 });
        expect(response.json.month).toMatchObject({ month: "2027-03", orders: 2 });
      }));
});
