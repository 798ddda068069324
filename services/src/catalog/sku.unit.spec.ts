import { describe, it } from "vitest";
import { SkuFields, type SkuEvent, type SkuStock } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideSku, skuDecider, type SkuChanges } from "./sku.ts";

const spec = deciderSpec(skuDecider, decideSku);
const now = new Date("2026-11-23T10:00:00Z");
const at = now.toISOString();
const by = { id: "u1", name: "Edna" };
const fields = SkuFields.parse({ productId: 7, format: "Paperback", isbn: "9780890515099" });
const price = { priceCents: 1299, originalPriceCents: 1499, priceTiers: [{ minQuantity: 10, priceCents: 999 }] };
const stock: SkuStock = { stock: 10, backorder: false, restockDate: null };
const created: SkuEvent = {
  type: "SkuCreated",
  data: { id: 100, code: "10-1-100", ...fields, ...price, ...stock, createdAt: at, by },
};
const create = (over: Partial<{ code: string; price: typeof price; stock: SkuStock }> = {}) =>
  ({
    type: "CreateSku",
    data: {
      id: 100,
      code: over.code ?? "10-1-100",
      fields,
      price: over.price ?? price,
      stock: over.stock ?? stock,
      now,
      by,
    },
  }) as const;
const update = (changes: SkuChanges, expectedVersion?: number) =>
  ({ type: "UpdateSku", data: { changes, expectedVersion, now, by } }) as const;

describe("SKU rules", () => {
  it("a new SKU is recorded with its code, fields, price and stock", () => {
    spec.given([]).when(create()).then([created]);
  });
  it("a SKU id cannot be created twice", () => {
    spec.given([created]).when(create()).thenThrows("SKU_EXISTS");
  });
  it("an unknown SKU cannot be updated", () => {
    spec
      .given([])
      .when(update({ fields: { format: "Hardcover" } }))
      .thenThrows("SKU_NOT_FOUND");
  });

  it.each([
    ["a code with a space", create({ code: "10 1" })],
    ["an empty code", create({ code: "" })],
    [
      "price tiers out of order",
      create({
        price: {
          ...price,
          priceTiers: [
            { minQuantity: 10, priceCents: 999 },
            { minQuantity: 5, priceCents: 1099 },
          ],
        },
      }),
    ],
    ["a restock date that is not yyyy-mm-dd", create({ stock: { ...stock, restockDate: "soon" } })],
  ] as const)("a SKU with %s is refused", (_name, command) => {
    spec.given([]).when(command).thenThrows("SKU_INVALID");
  });

  it("a price change is its own event, with the whole new price", () => {
    spec
      .given([created])
      .when(update({ price: { priceCents: 1199 } }))
      .then([{ type: "SkuPriceChanged", data: { id: 100, ...price, priceCents: 1199, changedAt: at, by } }]);
  });
  it("a stock change is its own event, with stock, backorder and restock date", () => {
    spec
      .given([created])
      .when(update({ stock: { stock: 0, backorder: true, restockDate: "2027-01-15" } }))
      .then([
        {
          type: "SkuStockChanged",
          data: { id: 100, stock: 0, backorder: true, restockDate: "2027-01-15", changedAt: at, by },
        },
      ]);
  });
  it("descriptive fields, price and stock changed at once give one event each", () => {
    spec
      .given([created])
      .when(
        update({
          fields: { format: "Hardcover", isbn: fields.isbn },
          price: { priceCents: 1599 },
          stock: { stock: null },
        }),
      )
      .then([
        { type: "SkuUpdated", data: { id: 100, changes: { format: "Hardcover" }, updatedAt: at, by } },
        { type: "SkuPriceChanged", data: { id: 100, ...price, priceCents: 1599, changedAt: at, by } },
        { type: "SkuStockChanged", data: { id: 100, ...stock, stock: null, changedAt: at, by } },
      ]);
  });
  it("an update that changes nothing records nothing", () => {
    spec
      .given([created])
      .when(update({ fields: { ...fields }, price: { ...price }, stock: { ...stock } }))
      .then([]);
  });
  it("an update against an old expected version is refused as stale", () => {
    spec
      .given([created, { type: "SkuPriceChanged", data: { id: 100, ...price, priceCents: 1, changedAt: at, by } }])
      .when(update({ price: { priceCents: 5 } }, 0))
      .thenThrows("STALE_VERSION");
  });
  it("a SKU added by the lookups before the catalog existed can be priced and stocked like any other", () => {
    spec
      .given([
        {
          type: "SkuAdded",
          data: { id: 1, sku: "10-1-101", name: "The New Answers Book 1", priceCents: 1499, active: true },
        },
      ])
      .when(update({ price: { priceCents: 1399 }, stock: { stock: 3 } }, 0))
      .then([
        {
          type: "SkuPriceChanged",
          data: { id: 1, priceCents: 1399, originalPriceCents: null, priceTiers: [], changedAt: at, by },
        },
        { type: "SkuStockChanged", data: { id: 1, stock: 3, backorder: false, restockDate: null, changedAt: at, by } },
      ]);
  });
});
