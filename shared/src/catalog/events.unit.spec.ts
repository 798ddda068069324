import { describe, expect, it } from "vitest";
import { ProductUpdated, SkuUpdated } from "./events.ts";

describe("catalog events", () => {
  it("an update read back holds only the fields it changed (no defaults filled in)", () => {
    const product = ProductUpdated.schema.parse({
      id: 1,
      changes: { subtitle: "x" },
      updatedAt: "2026-11-23T00:00:00Z",
    });
    expect(product.changes).toEqual({ subtitle: "x" });
    const sku = SkuUpdated.schema.parse({ id: 2, changes: { format: "DVD" }, updatedAt: "2026-11-23T00:00:00Z" });
    expect(sku.changes).toEqual({ format: "DVD" });
  });

  it("an update's changed field is still checked against its schema", () => {
    expect(() => ProductUpdated.schema.parse({ id: 1, changes: { author: 7 }, updatedAt: "x" })).toThrow();
  });
});
