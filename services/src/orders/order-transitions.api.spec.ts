import { describe, expect, it } from "vitest";
import { ORDER_MESSAGES, orderStream, type OrderStatus } from "@shop/shared";
import { createApp } from "../app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { FIXTURE_ORDER, ORDER_IN_STATE } from "./order-fixtures.ts";

const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: createTestGateway() }));
const edna = signedInUser("edna@example.org", "Edna Editor");
const BASE = `/admin/api/store/order/${FIXTURE_ORDER}/`;

type StaffAction = "ship" | "cancel" | "check-received" | "refund";

const given = (status: OrderStatus): GivenEvent[] =>
  ORDER_IN_STATE[status].map((e) => ({ streamId: orderStream(FIXTURE_ORDER), type: e.type, data: e.data }));

const REFUSED = "ORDER_ACTION_REFUSED";
const NOT_ALLOWED = "ORDER_TRANSITION_NOT_ALLOWED";

/**
 * Every move the staff can try through HTTP that the order's state does not allow: the answer is
 * 409 with the code and the message, and nothing is appended. Where the shop had its own words for
 * a refusal (ORDER_ACTION_REFUSED) they stay; the other moves answer ORDER_TRANSITION_NOT_ALLOWED.
 */
const cases: Array<[string, OrderStatus, StaffAction, Record<string, unknown>, string, string]> = [
  ["an order awaiting a check cannot be shipped", "awaiting check", "ship", {}, REFUSED, ORDER_MESSAGES.awaitingNoShip],
  ["a shipped order cannot be shipped again", "shipped", "ship", {}, REFUSED, ORDER_MESSAGES.alreadyShipped],
  ["a refunded order cannot be shipped", "refunded", "ship", {}, NOT_ALLOWED, "A refunded order cannot be shipped."],
  ["a cancelled order cannot be shipped", "cancelled", "ship", {}, REFUSED, ORDER_MESSAGES.cancelledNoShip],
  ["a disputed order cannot be shipped", "disputed", "ship", {}, NOT_ALLOWED, "A disputed order cannot be shipped."],
  ["a shipped order cannot be cancelled", "shipped", "cancel", {}, REFUSED, ORDER_MESSAGES.shippedNoCancel],
  [
    "a refunded order cannot be cancelled",
    "refunded",
    "cancel",
    {},
    NOT_ALLOWED,
    "A refunded order cannot be cancelled.",
  ],
  ["a cancelled order cannot be cancelled again", "cancelled", "cancel", {}, REFUSED, ORDER_MESSAGES.alreadyCancelled],
  [
    "a disputed order cannot be cancelled",
    "disputed",
    "cancel",
    {},
    NOT_ALLOWED,
    "A disputed order cannot be cancelled.",
  ],
  ["a placed order takes no check", "placed", "check-received", {}, REFUSED, ORDER_MESSAGES.notAwaiting],
  ["a paid order takes no check", "paid", "check-received", {}, REFUSED, ORDER_MESSAGES.notAwaiting],
  [
    "a partially refunded order takes no check",
    "partially refunded",
    "check-received",
    {},
    REFUSED,
    ORDER_MESSAGES.notAwaiting,
  ],
  ["a shipped order takes no check", "shipped", "check-received", {}, REFUSED, ORDER_MESSAGES.notAwaiting],
  ["a refunded order takes no check", "refunded", "check-received", {}, REFUSED, ORDER_MESSAGES.notAwaiting],
  ["a cancelled order takes no check", "cancelled", "check-received", {}, REFUSED, ORDER_MESSAGES.cancelledNoCheck],
  [
    "a disputed order takes no check",
    "disputed",
    "check-received",
    {},
    NOT_ALLOWED,
    "A disputed order cannot take a check.",
  ],
  ["a placed order has nothing to refund", "placed", "refund", {}, REFUSED, ORDER_MESSAGES.nothingToRefund],
  [
    "an order awaiting a check has nothing to refund",
    "awaiting check",
    "refund",
    {},
    REFUSED,
    ORDER_MESSAGES.nothingToRefund,
  ],
  ["a refunded order has nothing left to refund", "refunded", "refund", {}, REFUSED, ORDER_MESSAGES.nothingToRefund],
  [
    "a disputed order cannot be refunded",
    "disputed",
    "refund",
    {},
    NOT_ALLOWED,
    "A disputed order cannot be refunded.",
  ],
  [
    "a disputed order cannot be refunded in part",
    "disputed",
    "refund",
    { amount_cents: 1000 },
    NOT_ALLOWED,
    "A disputed order cannot be refunded in part.",
  ],
];

const BODIES: Record<StaffAction, Record<string, unknown>> = {
  ship: { tracking_number: "1Z999" },
  cancel: { reason: "asked" },
  "check-received": {},
  refund: { reason: "" },
};

describe("staff order actions the transition table refuses, through HTTP", () => {
  it.each(cases)("%s", (_name, status, action, extra, code, message) => {
    const events = given(status);
    return spec
      .given(...events, edna)
      .when((http) =>
        http.as(edna).post(`${BASE}${action}/`, { ...BODIES[action], ...extra, expected_version: events.length - 1 }),
      )
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata).toMatchObject({ code, message });
        expect(newEvents).toEqual([]);
      });
  });

  it("the staff page's answer carries the order's state in the table", () =>
    spec
      .given(...given("partially refunded"), edna)
      .when((http) => http.as(edna).get(BASE))
      .then(({ response }) => {
        expect(response.json).toMatchObject({ status: "Placed", state: "partially refunded" });
      }));
});
