import { describe, expect, it } from "vitest";
import {
  actionOf,
  canDo,
  nextStatus,
  ORDER_ACTIONS,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  OrderActionRefusedError,
  orderRefusal,
  orderStateStatus,
  orderStatus,
  OrderTransitionNotAllowedError,
  RESUME,
  undisputedStatus,
  type OrderAction,
  type OrderEvent,
  type OrderState,
  type OrderStatus,
} from "@shop/shared";
import { decideHoldExpiry } from "./check-holds.ts";
import { decideOrder, orderDecider, type OrderCommand } from "./decide.ts";
import {
  FIXTURE_HOLD_UNTIL,
  ORDER_IN_STATE,
  orderDisputeOpened,
  orderPlaced,
  orderRefunded,
  orderShipped,
} from "./order-fixtures.ts";

const by = { id: "u1", name: "Edna Editor" };
const now = new Date(Date.parse(FIXTURE_HOLD_UNTIL) + 60_000);
const stateOf = (events: OrderEvent[]): OrderState => events.reduce(orderDecider.evolve, orderDecider.initialState());

/** The events an action appends to an order in `state` (the decider's, or the sweep's for a hold). */
function act(action: OrderAction, state: OrderState): OrderEvent[] {
  if (action === "expire hold") return decideHoldExpiry(state, now);
  const commands: Record<Exclude<OrderAction, "expire hold">, OrderCommand> = {
    ship: { type: "Ship", trackingNumber: "1Z999" },
    cancel: { type: "Cancel", reason: "asked" },
    "receive check": { type: "RecordCheck" },
    refund: { type: "Refund", amountCents: null, reason: "", gateway: null, reference: null },
    "refund in part": { type: "Refund", amountCents: 1000, reason: "", gateway: null, reference: null },
    "open dispute": { type: "OpenDispute", reason: "fraudulent" },
    "close dispute": { type: "CloseDispute" },
  };
  return decideOrder(commands[action], state, { now, by });
}

const ORDER_IN: Record<OrderStatus, string> = {
  placed: "a placed order",
  "awaiting check": "an order awaiting a check",
  paid: "a paid order",
  "partially refunded": "a partially refunded order",
  shipped: "a shipped order",
  refunded: "a refunded order",
  cancelled: "a cancelled order",
  disputed: "a disputed order",
};
const WHEN: Record<OrderAction, string> = {
  ship: "it is shipped",
  cancel: "it is cancelled",
  "receive check": "the check is received",
  refund: "it is refunded in full",
  "refund in part": "it is refunded in part",
  "expire hold": "its check hold expires",
  "open dispute": "the bank opens a dispute",
  "close dispute": "the dispute is closed",
};

const WHEN_NOT: Record<OrderAction, string> = {
  ship: "be shipped",
  cancel: "be cancelled",
  "receive check": "take a check",
  refund: "be refunded in full",
  "refund in part": "be refunded in part",
  "expire hold": "have its check hold expire",
  "open dispute": "be disputed",
  "close dispute": "have a dispute closed",
};

const pairs = ORDER_STATUSES.flatMap((status) => ORDER_ACTIONS.map((action) => ({ status, action })));
const allowed = pairs.filter(({ status, action }) => canDo(status, action));
const refused = pairs.filter(({ status, action }) => !canDo(status, action));

describe("order states: the fixtures reach each state of the table", () => {
  it.each(ORDER_STATUSES)("%s", (status) => expect(orderStatus(stateOf(ORDER_IN_STATE[status]))).toBe(status));
});

describe("order transitions the table allows (each rule: the decider appends, the folded order follows the table)", () => {
  it.each(
    allowed.map(({ status, action }) => {
      const to = ORDER_TRANSITIONS[status][action];
      const name = `${ORDER_IN[status]} ${to === RESUME ? "is back to what it was" : `becomes ${to}`} when ${WHEN[action]}`;
      return [name, status, action] as const;
    }),
  )("%s", (_name, status, action) => {
    const before = stateOf(ORDER_IN_STATE[status]);
    const events = act(action, before);
    expect(events).toHaveLength(1);
    expect(actionOf(before, events[0])).toBe(action);
    const after = events.reduce(orderDecider.evolve, before);
    expect(orderStatus(after)).toBe(nextStatus(status, action, undisputedStatus(before)));
  });
});

describe("order transitions the table refuses (each rule: the decider throws the table's refusal)", () => {
  it.each(
    refused.map(({ status, action }) => [`${ORDER_IN[status]} cannot ${WHEN_NOT[action]}`, status, action] as const),
  )("%s", (_name, status, action) => {
    const before = stateOf(ORDER_IN_STATE[status]);
    if (action === "expire hold") {
      // The sweep's own step: nothing to do is no refusal (a second sweep finds nothing).
      expect(act(action, before)).toEqual([]);
      return;
    }
    const refusal = orderRefusal(status, action);
    const run = () => act(action, before);
    expect(run).toThrow(refusal.constructor as new (...args: never[]) => Error);
    expect(run).toThrow(refusal.message);
  });
});

describe("order transition rules, one by one", () => {
  const refusalOf = (status: OrderStatus, action: OrderAction) => () => act(action, stateOf(ORDER_IN_STATE[status]));

  it("a shipped order cannot be cancelled", () => {
    expect(refusalOf("shipped", "cancel")).toThrow(OrderActionRefusedError);
    expect(refusalOf("shipped", "cancel")).toThrow(ORDER_MESSAGES.shippedNoCancel);
  });

  it("a refunded order cannot be shipped", () => {
    expect(refusalOf("refunded", "ship")).toThrow(OrderTransitionNotAllowedError);
    expect(refusalOf("refunded", "ship")).toThrow("A refunded order cannot be shipped.");
  });

  it("a refunded order cannot be cancelled", () =>
    expect(refusalOf("refunded", "cancel")).toThrow("A refunded order cannot be cancelled."));

  it("an order awaiting a check becomes paid when the check is received", () => {
    const before = stateOf([orderPlaced("check")]);
    expect(orderStatus(before)).toBe("awaiting check");
    expect(orderStatus(act("receive check", before).reduce(orderDecider.evolve, before))).toBe("paid");
  });

  it("an order awaiting a check becomes cancelled when its hold expires, and not before", () => {
    const before = stateOf([orderPlaced("check")]);
    expect(decideHoldExpiry(before, new Date(Date.parse(FIXTURE_HOLD_UNTIL) - 1))).toEqual([]);
    expect(orderStatus(act("expire hold", before).reduce(orderDecider.evolve, before))).toBe("cancelled");
  });

  it("a disputed order cannot be shipped, cancelled or refunded until the dispute is closed", () => {
    for (const action of ["ship", "cancel", "refund"] as const) {
      expect(refusalOf("disputed", action)).toThrow(OrderTransitionNotAllowedError);
    }
    expect(refusalOf("disputed", "refund")).toThrow("A disputed order cannot be refunded.");
  });

  it("a disputed order that had shipped is shipped again when the dispute is closed", () => {
    const before = stateOf([orderPlaced("card"), orderShipped, orderDisputeOpened]);
    expect(orderStatus(before)).toBe("disputed");
    expect(orderStatus(act("close dispute", before).reduce(orderDecider.evolve, before))).toBe("shipped");
  });

  it("a shipped order refunded in part stays shipped; refunded in full it is refunded", () => {
    const shipped = [orderPlaced("card"), orderShipped];
    expect(orderStatus(stateOf([...shipped, orderRefunded(1000)]))).toBe("shipped");
    expect(orderStatus(stateOf([...shipped, orderRefunded(1000), orderRefunded(4000)]))).toBe("refunded");
  });

  it("a cancelled order can still be refunded what was paid, and stays cancelled", () =>
    expect(orderStatus(stateOf([...ORDER_IN_STATE.cancelled, orderRefunded(5000)]))).toBe("cancelled"));

  it("a refund the gateway refused puts the order back where it was", () => {
    const failed: OrderEvent = {
      type: "OrderRefundFailed",
      data: { number: "100001", amountCents: 5000, message: "no", at: now.toISOString() },
    };
    expect(orderStatus(stateOf([...ORDER_IN_STATE.refunded, failed]))).toBe("paid");
  });
});

describe("the status field keeps the shop's words", () => {
  it.each([
    ["placed", "Placed"],
    ["awaiting check", "Awaiting payment"],
    ["paid", "Placed"],
    ["partially refunded", "Placed"],
    ["shipped", "Shipped"],
    ["refunded", "Refunded"],
    ["cancelled", "Cancelled"],
    ["disputed", "Disputed"],
  ] as const)("%s reads %s", (status, label) => {
    expect(ORDER_STATUS_LABELS[status]).toBe(label);
    expect(orderStateStatus(stateOf(ORDER_IN_STATE[status]))).toBe(label);
  });
});
