import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@shop/projections";
import { campaignStream, type EventStore } from "@shop/shared";
import { campaignDecider } from "../campaigns/campaign.ts";
import { foldStream } from "../platform/command-handler.ts";
import { OpsError } from "../ops/ops-context.ts";
import { readLedger, type LedgerRow } from "./gateway-ledger.ts";
import { createStripeApi, listStripe, type FormValue, type StripeApi } from "./stripe-api.ts";

/** What the gateway says of one charge (its reference), summed from its movements. */
export interface GatewayCharge {
  reference: string;
  authorisedCents: number;
  capturedCents: number;
  refundedCents: number;
  voided: boolean;
  at: string;
}

/** What the shop says of an order paid through the gateway (the orders read model). */
export interface ShopOrder {
  number: string;
  reference: string | null;
  paidCents: number;
  refundedCents: number;
  cancelled: boolean;
  placedAt: string;
}

export function chargesOf(rows: LedgerRow[]): GatewayCharge[] {
  const charges = new Map<string, GatewayCharge>();
  for (const row of rows) {
    const charge = charges.get(row.reference) ?? {
      reference: row.reference,
      authorisedCents: 0,
      capturedCents: 0,
      refundedCents: 0,
      voided: false,
      at: row.at,
    };
    if (row.kind === "authorise") charge.authorisedCents += row.amount_cents;
    if (row.kind === "capture") charge.capturedCents += row.amount_cents;
    if (row.kind === "refund") charge.refundedCents += row.amount_cents;
    if (row.kind === "void") charge.voided = true;
    charges.set(row.reference, charge);
  }
  return [...charges.values()];
}

type StripeIntent = { id: string; amount: number; amount_received?: number; status: string; created: number };
type StripeRefund = { id: string; amount: number; payment_intent: string | null; status: string };

/**
 * Stripe's record, read through its list API: each PaymentIntent that held money (authorised,
 * captured, or cancelled after authorising) with its refunds. One never confirmed moved no money.
 */
export async function stripeCharges(request: StripeApi, since?: Date): Promise<GatewayCharge[]> {
  const created: Record<string, FormValue> = since ? { created: { gte: Math.floor(since.getTime() / 1000) } } : {};
  const intents = await listStripe<StripeIntent>(request, "/v1/payment_intents", created);
  const refunds = await listStripe<StripeRefund>(request, "/v1/refunds", created);
  const refunded = new Map<string, number>();
  for (const r of refunds)
    if (r.payment_intent && r.status === "succeeded")
      refunded.set(r.payment_intent, (refunded.get(r.payment_intent) ?? 0) + r.amount);
  return intents
    .filter((i) => ["requires_capture", "succeeded", "canceled"].includes(i.status))
    .map((i) => ({
      reference: i.id,
      authorisedCents: i.status === "canceled" ? 0 : i.amount,
      capturedCents: i.amount_received ?? 0,
      refundedCents: refunded.get(i.id) ?? 0,
      voided: i.status === "canceled",
      at: new Date(i.created * 1000).toISOString(),
    }));
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Pure: every difference between the gateway's record and the shop's (issue 23, point 3), one line
 * each. An authorisation younger than `settleBefore` is not judged yet: its attempt may be in flight
 * (the payment reactor settles an abandoned one within a minute).
 */
export function reconcile(charges: GatewayCharge[], orders: ShopOrder[], settleBefore: Date): string[] {
  const mismatches: string[] = [];
  const byReference = new Map(orders.filter((o) => o.reference).map((o) => [o.reference!, o]));
  for (const charge of charges) {
    const order = byReference.get(charge.reference);
    const held = charge.voided ? 0 : charge.capturedCents || charge.authorisedCents;
    if (!order) {
      if (held - charge.refundedCents > 0 && Date.parse(charge.at) < settleBefore.getTime())
        mismatches.push(
          `money without an order: ${charge.reference} holds ${dollars(held - charge.refundedCents)} (${charge.capturedCents ? "captured" : "authorised"} ${charge.at})`,
        );
      continue;
    }
    if (charge.capturedCents !== order.paidCents)
      mismatches.push(
        `amounts differ: order ${order.number} was paid ${dollars(order.paidCents)}, ${charge.reference} captured ${dollars(charge.capturedCents)}`,
      );
    if (charge.refundedCents !== order.refundedCents)
      mismatches.push(
        `refund not reflected: order ${order.number} refunded ${dollars(order.refundedCents)}, ${charge.reference} refunded ${dollars(charge.refundedCents)}`,
      );
  }
  const known = new Set(charges.map((c) => c.reference));
  for (const order of orders)
    if (order.reference && !known.has(order.reference))
      mismatches.push(
        `an order without money: order ${order.number} names ${order.reference}, which the gateway never authorised`,
      );
  return mismatches;
}

/** Campaign totals against their gifts: the read model's raised against the log's (gifts received less refunds). */
export async function campaignMismatches(store: EventStore, db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom("campaigns").select(["slug", "raised_cents"]).execute();
  const out: string[] = [];
  for (const row of rows) {
    const state = foldStream(campaignDecider, await store.readStream(campaignStream(row.slug)));
    const raised = state.exists ? state.raisedCents : 0;
    if (Number(row.raised_cents) !== raised)
      out.push(
        `campaign total differs: ${row.slug} shows ${dollars(Number(row.raised_cents))}, its gifts less refunds are ${dollars(raised)}`,
      );
  }
  return out;
}

export interface ReconcileOptions {
  since?: Date;
  /** Seconds an authorisation may stay without an order before it counts (120 by default). */
  settleSeconds: number;
}

/** `npm run ops -- reconcile [--since ISO] [--settle SECONDS]`: the mismatches, then `N mismatches`; exit 1 on any. */
export const reconcileCommand = {
  parse(args: string[]): ReconcileOptions {
    let v: { since?: string; settle?: string };
    try {
      v = parseArgs({
        args,
        options: { since: { type: "string" }, settle: { type: "string" } },
        strict: true,
        allowPositionals: false,
      }).values;
    } catch (error) {
      throw new OpsError((error as Error).message, 2);
    }
    const since = v.since === undefined ? undefined : new Date(v.since);
    if (since && Number.isNaN(since.getTime()))
      throw new OpsError(`--since must be an ISO date or time, not '${v.since}'`, 2);
    const settleSeconds = v.settle === undefined ? 120 : Number(v.settle);
    if (!Number.isInteger(settleSeconds) || settleSeconds < 0)
      throw new OpsError(`--settle must be a whole number of seconds, not '${v.settle}'`, 2);
    return { since, settleSeconds };
  },
  async run(
    ctx: {
      config: { PAYMENT_GATEWAY: string; STRIPE_SECRET_KEY?: string; STRIPE_API_BASE: string };
      database: { db: Kysely<Database> };
      store: EventStore;
    },
    options: ReconcileOptions,
  ): Promise<string> {
    const db = ctx.database.db;
    let charges: GatewayCharge[];
    if (ctx.config.PAYMENT_GATEWAY === "stripe") {
      if (!ctx.config.STRIPE_SECRET_KEY) throw new OpsError("reconcile with Stripe needs STRIPE_SECRET_KEY", 2);
      const request = createStripeApi({ secretKey: ctx.config.STRIPE_SECRET_KEY, baseUrl: ctx.config.STRIPE_API_BASE });
      charges = await stripeCharges(request, options.since);
    } else {
      const found = await sql<{ found: boolean }>`SELECT to_regclass('gateway_ledger') IS NOT NULL AS found`.execute(
        db,
      );
      charges = chargesOf(found.rows[0]?.found ? await readLedger(db, options.since) : []);
    }
    let query = db
      .selectFrom("orders")
      .select(["number", "payment_reference", "paid_cents", "refunded_cents", "cancelled", "placed_at"])
      .where("payment_reference", "is not", null);
    if (options.since) query = query.where("placed_at", ">=", options.since.toISOString());
    const orders: ShopOrder[] = (await query.execute()).map((o) => ({
      number: o.number,
      reference: o.payment_reference,
      paidCents: Number(o.paid_cents),
      refundedCents: Number(o.refunded_cents),
      cancelled: o.cancelled,
      placedAt: o.placed_at,
    }));
    const settleBefore = new Date(Date.now() - options.settleSeconds * 1000);
    const mismatches = [...reconcile(charges, orders, settleBefore), ...(await campaignMismatches(ctx.store, db))];
    const summary = `${mismatches.length} mismatch${mismatches.length === 1 ? "" : "es"}`;
    if (mismatches.length) throw new OpsError([...mismatches, summary].join("\n"), 1);
    return summary;
  },
};
