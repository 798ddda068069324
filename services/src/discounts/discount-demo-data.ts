import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import {
  discountStream,
  type DiscountTerms,
  type EventMetadata,
  type EventStore,
  type LogPosition,
} from "@shop/shared";
import { allocateId } from "../platform/id-allocator.ts";

const open: DiscountTerms = {
  description: "",
  percentOff: null,
  amountOffCents: null,
  minSubtotalCents: 0,
  requiresUser: false,
  requiresGroup: null,
  requiredSkus: [],
  requiredQuantity: 0,
  starts: null,
  ends: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  active: true,
  freeShipping: false,
  freeShippingMethods: [],
};

/** SKU codes of the demo catalog (catalog-demo-data.ts) that the required-items discounts name: the Noah's Ark coloring book and the museum DVD. */
export const DEMO_REQUIRED_SKUS = ["10-3-201", "30-1-301"];

/** A discount for every rule of the engine, so each coupon answer can be tried in the demo. */
export const DEMO_DISCOUNTS: Array<{ code: string } & Partial<DiscountTerms>> = [
  { code: "SAVE10", description: "10% off your order", percentOff: 10 },
  { code: "FIVEOFF", description: "$5 off your order", amountOffCents: 500 },
  { code: "BIG50", description: "$10 off orders of $50 or more", amountOffCents: 1000, minSubtotalCents: 5000 },
  { code: "MEMBERS", description: "15% off for signed-in shoppers", percentOff: 15, requiresUser: true },
  { code: "STAFF", description: "25% off for staff", percentOff: 25, requiresUser: true, requiresGroup: "staff" },
  {
    code: "ARKPAIR",
    description: "20% off the Ark coloring book and the museum DVD together",
    percentOff: 20,
    requiredSkus: DEMO_REQUIRED_SKUS,
  },
  { code: "BULK3", description: "$3 off when you buy 3 or more items", amountOffCents: 300, requiredQuantity: 3 },
  {
    code: "SPRING",
    description: "A spring sale that has ended",
    percentOff: 30,
    starts: "2026-03-01T00:00:00.000Z",
    ends: "2026-06-01T00:00:00.000Z",
  },
  { code: "NEXTYEAR", description: "A sale that has not started", percentOff: 30, starts: "2030-01-01T00:00:00.000Z" },
  { code: "RETIRED", description: "A code staff switched off", percentOff: 50, active: false },
  { code: "SHIPFREE", description: "Free standard shipping", freeShipping: true, freeShippingMethods: ["standard"] },
  {
    code: "ONCE",
    description: "$2 off, once per customer, 100 uses",
    amountOffCents: 200,
    maxUses: 100,
    maxUsesPerCustomer: 1,
  },
];

/** Appends the demo discounts (ids allocated as staff creates would). */
export async function seedDiscountDemoData(
  store: EventStore,
  db: Kysely<Database>,
  now: Date,
  metadata: EventMetadata,
): Promise<LogPosition | null> {
  let last: LogPosition | null = null;
  for (const { code, ...terms } of DEMO_DISCOUNTS) {
    const id = await allocateId(db, "discount");
    const data = { ...open, ...terms, id, code, createdAt: now.toISOString(), by: null };
    ({ position: last } = await store.append(discountStream(code), [{ type: "DiscountCreated", data, metadata }], {
      expectedVersion: "no-stream",
    }));
  }
  return last;
}
