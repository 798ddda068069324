import { describe, expect, it } from "vitest";
import { UpdateNodeRequest } from "./api.ts";

const parse = (body: Record<string, unknown>) => UpdateNodeRequest.safeParse(body);
const errorsOf = (body: Record<string, unknown>) => {
  const result = parse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the page fields of a node save request", () => {
  it("reads ids, numbers and slugs sent as text the way the form sends them", () => {
    const result = parse({
      sku: "2",
      language_node: "",
      menu_nodes: [{ id: 3 }, "1", 3],
      image: " ark-at-dusk ",
      sort_order: "20",
      sitemap_priority: "0.8",
    });
    expect(result.success && result.data).toMatchObject({
      sku: 2,
      language_node: null,
      menu_nodes: [3, 1],
      image: "ark-at-dusk",
      sort_order: 20,
      sitemap_priority: 0.8,
    });
  });
  it("reads a blank sort order as 0 (a not-null number field)", () => {
    const result = parse({ sort_order: "" });
    expect(result.success && result.data.sort_order).toBe(0);
  });
  it("refuses a fraction or a negative sort order and one past 9999999999999", () => {
    expect(errorsOf({ sort_order: 1.5 })).toEqual(["sort_order: Enter a whole number."]);
    expect(errorsOf({ sort_order: "-3" })).toEqual(["sort_order: Enter a whole number."]);
    expect(errorsOf({ sort_order: 10_000_000_000_000 })).toEqual([
      "sort_order: Enter a whole number from 0 to 9999999999999.",
    ]);
  });
  it("refuses a priority outside 0.0–1.0 and one that is not a number", () => {
    expect(errorsOf({ sitemap_priority: 1.5 })).toEqual(["sitemap_priority: Enter a priority from 0.0 to 1.0."]);
    expect(errorsOf({ sitemap_priority: "-0.1" })).toEqual(["sitemap_priority: Enter a priority from 0.0 to 1.0."]);
    expect(errorsOf({ sitemap_priority: "high" })).toEqual(["sitemap_priority: Enter a number."]);
  });
  it("accepts an image slug only if slugify leaves it unchanged", () => {
    expect(errorsOf({ image: "" })).toEqual([]);
    expect(errorsOf({ image: "ark-2024" })).toEqual([]);
    for (const bad of ["Ark Photo", "ark--photo", "ark_photo", "-ark"]) {
      expect(errorsOf({ image: bad })).toEqual([
        "image: Enter a valid image slug: lowercase letters, digits and single hyphens.",
      ]);
    }
  });
  it("refuses ids that are not whole numbers", () => {
    expect(errorsOf({ sku: "abc" })).toEqual(["sku: Enter a whole number."]);
    expect(errorsOf({ menu_nodes: ["x"] })).toEqual(["menu_nodes.0: Enter a whole number."]);
  });
});
