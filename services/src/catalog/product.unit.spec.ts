import { describe, it } from "vitest";
import { ProductFields, type ProductEvent } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideProduct, productDecider } from "./product.ts";

const spec = deciderSpec(productDecider, decideProduct);
const now = new Date("2026-11-23T10:00:00Z");
const at = now.toISOString();
const by = { id: "u1", name: "Edna" };
const fields = ProductFields.parse({ title: "The New Answers Book 1", slug: "new-answers-book-1", author: "Ken Ham" });
const created: ProductEvent = { type: "ProductCreated", data: { id: 7, ...fields, createdAt: at, by } };
const update = (changes: Partial<ProductFields>, expectedVersion?: number) =>
  ({ type: "UpdateProduct", data: { changes, expectedVersion, now, by } }) as const;

describe("product rules", () => {
  it("a new product is recorded with all its fields", () => {
    spec
      .given([])
      .when({ type: "CreateProduct", data: { id: 7, fields, now, by } })
      .then([created]);
  });
  it("a product id cannot be created twice", () => {
    spec
      .given([created])
      .when({ type: "CreateProduct", data: { id: 7, fields, now, by } })
      .thenThrows("PRODUCT_EXISTS");
  });
  it("an unknown product cannot be updated", () => {
    spec
      .given([])
      .when(update({ title: "x" }))
      .thenThrows("PRODUCT_NOT_FOUND");
  });

  const refusals: [string, Partial<ProductFields>][] = [
    ["an empty title", { title: " " }],
    ["a slug with spaces", { slug: "new answers" }],
    ["a release date that is not yyyy-mm-dd", { releaseDate: "May 2024" }],
    [
      "two attributes with one slug",
      {
        attributes: [
          { slug: "size", title: "Size", values: [] },
          { slug: "size", title: "Size 2", values: [] },
        ],
      },
    ],
  ];
  it.each(refusals)("a product with %s is refused", (_name, changes) => {
    spec.given([created]).when(update(changes)).thenThrows("PRODUCT_INVALID");
  });

  it("an update records only the fields that differ", () => {
    spec
      .given([created])
      .when(update({ title: fields.title, subtitle: "Over 25 questions", author: "Ken Ham" }))
      .then([
        { type: "ProductUpdated", data: { id: 7, changes: { subtitle: "Over 25 questions" }, updatedAt: at, by } },
      ]);
  });
  it("an update that changes nothing records nothing", () => {
    spec
      .given([created])
      .when(update({ ...fields }))
      .then([]);
  });
  it("an update against an old expected version is refused as stale", () => {
    spec
      .given([created, { type: "ProductUpdated", data: { id: 7, changes: { series: "Answers" }, updatedAt: at, by } }])
      .when(update({ title: "New" }, 0))
      .thenThrows("STALE_VERSION");
  });
  it("an update with the current expected version is recorded", () => {
    spec
      .given([created])
      .when(update({ series: "New Answers" }, 0))
      .then([{ type: "ProductUpdated", data: { id: 7, changes: { series: "New Answers" }, updatedAt: at, by } }]);
  });
});
