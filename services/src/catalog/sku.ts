import {
  SkuExistsError,
  SkuFields,
  SkuInvalidError,
  SkuNotFoundError,
  skuEvents,
  StaleVersionError,
  type SkuEvent,
  type SkuPrice,
  type SkuStock,
  type UserRef,
} from "@shop/shared";
import { realChanges } from "./real-changes.ts";

/** A SKU as its stream folds it; `version` is the stream position of its last event. */
export type Sku =
  | { exists: false; version: number }
  | {
      exists: true;
      id: number;
      code: string;
      version: number;
      fields: SkuFields;
      price: SkuPrice;
      stock: SkuStock;
      updatedAt: string;
      updatedBy: UserRef | null;
    };

const stamp = (state: Sku, at: string, by: UserRef | null) => ({ ...state, updatedAt: at, updatedBy: by });

export const skuDecider = {
  initialState: (): Sku => ({ exists: false, version: -1 }),
  events: skuEvents,
  // An event this code does not know still takes a stream position, which is the SKU's version.
  skip: (state: Sku): Sku => ({ ...state, version: state.version + 1 }),
  evolve(state: Sku, event: SkuEvent): Sku {
    const version = state.version + 1;
    switch (event.type) {
      case "SkuAdded": {
        // The lookups' first SKUs: a name, a price and active; everything else as a new SKU's defaults.
        const d = event.data;
        const fields = SkuFields.parse({ name: d.name, active: d.active });
        const price = { priceCents: d.priceCents, originalPriceCents: null, priceTiers: [] };
        const stock = { stock: null, backorder: false, restockDate: null };
        return { exists: true, id: d.id, code: d.sku, version, fields, price, stock, updatedAt: "", updatedBy: null };
      }
      case "SkuCreated": {
        const { id, code, createdAt, by, priceCents, originalPriceCents, priceTiers, ...rest } = event.data;
        const { stock, backorder, restockDate, ...fields } = rest;
        return {
          exists: true,
          id,
          code,
          version,
          fields,
          price: { priceCents, originalPriceCents, priceTiers },
          stock: { stock, backorder, restockDate },
          updatedAt: createdAt,
          updatedBy: by,
        };
      }
      case "SkuUpdated":
        if (!state.exists) return { ...state, version };
        return stamp(
          { ...state, version, fields: { ...state.fields, ...defined(event.data.changes) } },
          event.data.updatedAt,
          event.data.by,
        );
      case "SkuPriceChanged": {
        if (!state.exists) return { ...state, version };
        const { priceCents, originalPriceCents, priceTiers, changedAt, by } = event.data;
        return stamp({ ...state, version, price: { priceCents, originalPriceCents, priceTiers } }, changedAt, by);
      }
      case "SkuStockChanged": {
        if (!state.exists) return { ...state, version };
        const { stock, backorder, restockDate, changedAt, by } = event.data;
        return stamp({ ...state, version, stock: { stock, backorder, restockDate } }, changedAt, by);
      }
      default: {
        event satisfies never;
        return { ...state, version };
      }
    }
  },
};

export interface SkuChanges {
  fields?: Partial<SkuFields>;
  price?: Partial<SkuPrice>;
  stock?: Partial<SkuStock>;
}

export type SkuCommand =
  | {
      type: "CreateSku";
      data: {
        id: number;
        code: string;
        fields: SkuFields;
        price: SkuPrice;
        stock: SkuStock;
        now: Date;
        by: UserRef | null;
      };
    }
  | { type: "UpdateSku"; data: { changes: SkuChanges; expectedVersion?: number; now: Date; by: UserRef | null } };

/**
 * Pure: a SKU is created once with its code; an update records descriptive fields, price and stock
 * as separate events (the cart and the storefront follow price and stock), each only when it differs.
 */
export function decideSku(command: SkuCommand, state: Sku): SkuEvent[] {
  switch (command.type) {
    case "CreateSku": {
      if (state.exists) throw new SkuExistsError();
      const { id, code, fields, price, stock, now, by } = command.data;
      refuseInvalid(price, stock, code);
      return [
        { type: "SkuCreated", data: { id, code, ...fields, ...price, ...stock, createdAt: now.toISOString(), by } },
      ];
    }
    case "UpdateSku": {
      if (!state.exists) throw new SkuNotFoundError();
      const { changes, expectedVersion, now, by } = command.data;
      if (expectedVersion !== undefined && expectedVersion !== state.version)
        throw new StaleVersionError("SKU", state.updatedBy, state.updatedAt, state.version);
      const at = now.toISOString();
      const fields = realChanges(state.fields, changes.fields ?? {});
      const price = { ...state.price, ...defined(changes.price ?? {}) };
      const stock = { ...state.stock, ...defined(changes.stock ?? {}) };
      const priceDiffers = Object.keys(realChanges(state.price, price)).length > 0;
      const stockDiffers = Object.keys(realChanges(state.stock, stock)).length > 0;
      refuseInvalid(price, stock, state.code);
      const events: SkuEvent[] = [];
      if (Object.keys(fields).length)
        events.push({ type: "SkuUpdated", data: { id: state.id, changes: fields, updatedAt: at, by } });
      if (priceDiffers) events.push({ type: "SkuPriceChanged", data: { id: state.id, ...price, changedAt: at, by } });
      if (stockDiffers) events.push({ type: "SkuStockChanged", data: { id: state.id, ...stock, changedAt: at, by } });
      return events;
    }
    default: {
      command satisfies never;
      return [];
    }
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function refuseInvalid(price: SkuPrice, stock: SkuStock, code: string) {
  const errors: Record<string, string[]> = {};
  if (!/^\S{1,64}$/.test(code)) errors.sku = ["Enter a code of 1 to 64 characters without spaces."];
  const minimums = price.priceTiers.map((t) => t.minQuantity);
  if (minimums.some((m, i) => i > 0 && m <= minimums[i - 1]))
    errors.price_tiers = ["List the tiers by rising minimum quantity, each minimum once."];
  if (stock.restockDate !== null && !DATE.test(stock.restockDate))
    errors.restock_date = ["Enter a valid date (yyyy-mm-dd)."];
  if (Object.keys(errors).length) throw new SkuInvalidError(errors);
}

function defined<T extends object>(changes: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;
}
