import { describe, expect, it } from "vitest";
import { skuForCart } from "../cart/cart-fixtures.ts";
import { cachedSkuLoader } from "./sku-cache.ts";

const sku = (code: string, priceCents: number) => skuForCart(code, { priceCents });

/** A read model whose price the test changes, counting the codes each load asked for. */
function readModel() {
  const state = { price: 1299, stamp: "1" as string | null, loads: [] as string[][] };
  const load = async (codes: readonly string[]) => {
    state.loads.push([...codes]);
    return new Map(codes.filter((c) => c !== "NOPE").map((c) => [c, sku(c, state.price)]));
  };
  return { state, load };
}

describe("the SKU cache of cart writes", () => {
  it("a SKU read once is served from memory while the catalog's stamp stays the same", async () => {
    const { state, load } = readModel();
    const cached = cachedSkuLoader(load, () => state.stamp);
    expect((await cached(["10-1-100"])).get("10-1-100")?.priceCents).toBe(1299);
    expect((await cached(["10-1-100"])).get("10-1-100")?.priceCents).toBe(1299);
    expect(state.loads).toEqual([["10-1-100"]]);
  });

  it("a price change (a new stamp) shows in the next answer", async () => {
    const { state, load } = readModel();
    const cached = cachedSkuLoader(load, () => state.stamp);
    await cached(["10-1-100"]);
    state.price = 999;
    state.stamp = "2";
    expect((await cached(["10-1-100"])).get("10-1-100")?.priceCents).toBe(999);
  });

  it("only the codes not in memory are read, and a code the catalog lacks is remembered as absent", async () => {
    const { state, load } = readModel();
    const cached = cachedSkuLoader(load, () => state.stamp);
    await cached(["10-1-100", "NOPE"]);
    const answer = await cached(["10-1-100", "NOPE", "10-1-200"]);
    expect([...answer.keys()].sort()).toEqual(["10-1-100", "10-1-200"]);
    expect(state.loads).toEqual([["10-1-100", "NOPE"], ["10-1-200"]]);
  });

  it("without a stamp (another process projects) every call reads the read model", async () => {
    const { state, load } = readModel();
    state.stamp = null;
    const cached = cachedSkuLoader(load, () => state.stamp);
    await cached(["10-1-100"]);
    await cached(["10-1-100"]);
    expect(state.loads).toHaveLength(2);
  });

  it("a row read while the catalog changed is not served after the change", async () => {
    const { state, load } = readModel();
    // The read model answers the old price, then the change lands before the answer comes back.
    const slowLoad = async (codes: readonly string[]) => {
      const rows = await load(codes);
      state.price = 999;
      state.stamp = "2";
      return rows;
    };
    const cached = cachedSkuLoader(slowLoad, () => state.stamp);
    expect((await cached(["10-1-100"])).get("10-1-100")?.priceCents).toBe(1299);
    expect((await cached(["10-1-100"])).get("10-1-100")?.priceCents).toBe(999);
  });
});
