import { sql } from "kysely";
import { discountEvents, isEventOf } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";

export const discountsProjection: Projection = {
  name: "discounts",
  version: 2,
  tables: ["discounts"],
  handles: ["DiscountCreated", "DiscountUpdated"],
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
  async apply(trx, recorded) {
    if (!isEventOf(discountEvents, recorded)) return; // only the types in `handles` reach here
    const d = recorded.data;
    const row = {
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
      version: recorded.streamPosition,
    };
    await trx
      .insertInto("discounts")
      .values(row)
      .onConflict((oc) => oc.column("id").doUpdateSet(row))
      .execute();
  },
};
