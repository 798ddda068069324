import { sql } from "kysely";
import { discountEvents } from "@shop/shared";
import { rowProjection } from "../runner/row-projector.ts";

/** discounts: DiscountCreated and DiscountUpdated both carry every term, so the row becomes what the event says. */
export const discountsProjection = rowProjection({
  name: "discounts",
  version: 2,
  table: "discounts",
  key: ["id"],
  events: discountEvents,
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS discounts (
      id integer PRIMARY KEY,
      code text NOT NULL UNIQUE,
      description text NOT NULL,
      percent_off integer,
      amount_off_cents integer,
      min_subtotal_cents integer NOT NULL,
      requires_user boolean NOT NULL,
      requires_group text,
      required_skus jsonb NOT NULL,
      required_quantity integer NOT NULL,
      starts text,
      ends text,
      max_uses integer,
      max_uses_per_customer integer,
      active boolean NOT NULL,
      free_shipping boolean NOT NULL DEFAULT false,
      free_shipping_methods jsonb NOT NULL DEFAULT '[]',
      version integer NOT NULL
    )`.execute(db);
  },
  row: ({ data: d, streamPosition }) => ({
    id: d.id,
    code: d.code,
    description: d.description,
    percent_off: d.percentOff,
    amount_off_cents: d.amountOffCents,
    min_subtotal_cents: d.minSubtotalCents,
    requires_user: d.requiresUser,
    requires_group: d.requiresGroup,
    required_skus: JSON.stringify(d.requiredSkus),
    required_quantity: d.requiredQuantity,
    starts: d.starts,
    ends: d.ends,
    max_uses: d.maxUses,
    max_uses_per_customer: d.maxUsesPerCustomer,
    active: d.active,
    free_shipping: d.freeShipping,
    free_shipping_methods: JSON.stringify(d.freeShippingMethods),
    version: streamPosition,
  }),
});
