import { describe, expect, it } from "vitest";
import { chargesOf, reconcile, type ShopOrder } from "./reconcile.ts";
import type { LedgerRow } from "./gateway-ledger.ts";

const at = "2026-11-28T10:00:00.000Z";
const later = new Date("2026-11-28T12:00:00.000Z");
const row = (reference: string, kind: LedgerRow["kind"], amount: number): LedgerRow => ({
  reference,
  kind,
  amount_cents: amount,
  idempotency_key: null,
  brand: null,
  last4: null,
  at,
});
const order = (number: string, reference: string, paid: number, refunded = 0): ShopOrder => ({
  number,
  reference,
  paidCents: paid,
  refundedCents: refunded,
  cancelled: false,
  placedAt: at,
});

describe("money 3: reconcile the gateway's record with the orders", () => {
  it("money 3: captured, refunded and voided as the orders say: 0 mismatches", () => {
    const charges = chargesOf([
      row("r1", "authorise", 5000),
      row("r1", "capture", 5000),
      row("r2", "authorise", 3000),
      row("r2", "capture", 3000),
      row("r2", "refund", 1000),
      row("r3", "authorise", 700),
      row("r3", "void", 700),
    ]);
    expect(reconcile(charges, [order("100001", "r1", 5000), order("100002", "r2", 3000, 1000)], later)).toEqual([]);
  });

  it("money 3: money without an order: an authorisation neither voided nor ordered", () => {
    const charges = chargesOf([row("r9", "authorise", 2500)]);
    expect(reconcile(charges, [], later)).toEqual([`money without an order: r9 holds $25.00 (authorised ${at})`]);
  });

  it("money 3: an authorisation younger than the settle time is not judged yet (its attempt may be in flight)", () => {
    const charges = chargesOf([row("r9", "authorise", 2500)]);
    expect(reconcile(charges, [], new Date(at))).toEqual([]);
  });

  it("money 3: an order without money: the order names a payment the gateway never authorised", () => {
    expect(reconcile([], [order("100003", "ghost", 4000)], later)).toEqual([
      "an order without money: order 100003 names ghost, which the gateway never authorised",
    ]);
  });

  it("money 3: amounts that differ between the order and the capture", () => {
    const charges = chargesOf([row("r1", "authorise", 5000), row("r1", "capture", 4500)]);
    expect(reconcile(charges, [order("100001", "r1", 5000)], later)).toEqual([
      "amounts differ: order 100001 was paid $50.00, r1 captured $45.00",
    ]);
  });

  it("money 3: a refund made at the gateway that the order does not show", () => {
    const charges = chargesOf([row("r1", "authorise", 5000), row("r1", "capture", 5000), row("r1", "refund", 5000)]);
    expect(reconcile(charges, [order("100001", "r1", 5000)], later)).toEqual([
      "refund not reflected: order 100001 refunded $0.00, r1 refunded $50.00",
    ]);
  });
});
