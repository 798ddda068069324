import { describe, expect, it } from "vitest";
import { changedFields, toFormValues, validateNode, EMPTY_VALUES } from "./nodeFormValues";
import type { ContentNode } from "./contentNodeApi";

const node = {
  id: 3,
  name: "Our Mission",
  slug: "our-mission",
  parent: 2,
  short_description: "",
  published: null,
  last_published: null,
  url: "/about/mission/",
  body: "",
  node_type: null,
  sku: 2,
  language_node: null,
  menu_nodes: [3, 1],
  image: "ark",
  sort_order: 20,
  sitemap_priority: 0.8,
  status: "Beta",
  version: 4,
  updated_at: "",
  updated_by: null,
  app: "content",
  model: "contentnode",
  created_at: "",
  keywords: [] as ContentNode["keywords"],
  contributors: [] as ContentNode["contributors"],
} satisfies ContentNode;
const NY = "America/New_York";

describe("the page fields in the node form", () => {
  it("load as text: ids, comma-separated menu nodes, numbers as written", () => {
    expect(toFormValues(node, NY)).toMatchObject({
      sku: "2",
      language_node: "",
      menu_nodes: "3,1",
      image: "ark",
      sort_order: "20",
      sitemap_priority: "0.8",
    });
  });
  it("a version from before the page fields shows their defaults", () => {
    const {
      sku: _s,
      language_node: _l,
      menu_nodes: _m,
      image: _i,
      sort_order: _o,
      sitemap_priority: _p,
      ...old
    } = node;
    expect(toFormValues(old as ContentNode, NY)).toMatchObject({
      sku: "",
      menu_nodes: "",
      image: "",
      sort_order: "0",
      sitemap_priority: "0.5",
    });
  });
  it("are sent in the API types, and only when they changed; menu nodes in another order are no change", () => {
    const base = toFormValues(node, NY);
    expect(changedFields(base, { ...base, menu_nodes: "1,3" }, NY)).toEqual({});
    expect(
      changedFields(
        base,
        { ...base, sku: "", language_node: "2", menu_nodes: "1,3,4", sort_order: "7", sitemap_priority: "1" },
        NY,
      ),
    ).toEqual({
      sku: null,
      language_node: 2,
      menu_nodes: [1, 3, 4],
      sort_order: 7,
      sitemap_priority: 1,
    });
  });
  it("a new node sends none of them until the editor sets one", () => {
    expect(changedFields(EMPTY_VALUES, { ...EMPTY_VALUES, name: "New" }, NY)).toEqual({ name: "New" });
  });
  it("bad numbers and slugs are listed under their fields, with the server's messages", () => {
    const errors = validateNode(
      { ...toFormValues(node, NY), sort_order: "12abc", sitemap_priority: "1.5", image: "Ark Photo" },
      NY,
    );
    expect(errors).toEqual({
      sort_order: ["Enter a whole number."],
      sitemap_priority: ["Enter a priority from 0.0 to 1.0."],
      image: ["Enter a valid image slug: lowercase letters, digits and single hyphens."],
    });
    expect(validateNode({ ...toFormValues(node, NY), sitemap_priority: "x" }, NY)).toEqual({
      sitemap_priority: ["Enter a number."],
    });
    expect(validateNode(toFormValues(node, NY), NY)).toEqual({});
  });
});

describe("code health 8: published dates in the node form", () => {
  const published = { ...node, published: "2026-11-01T05:30:00.000Z", last_published: "2026-07-01T13:00:00.000Z" };
  it("show in the site's zone and are sent as the UTC instant", () => {
    const base = toFormValues(published, NY);
    expect(base).toMatchObject({ published: "2026-11-01 01:30", last_published: "2026-07-01 09:00" });
    expect(changedFields(base, { ...base, published: "2026-12-01 09:00" }, NY)).toEqual({
      published: "2026-12-01T14:00:00.000Z",
    });
    expect(changedFields(base, { ...base, published: "" }, NY)).toEqual({ published: null });
  });
  it("a time the clocks skip is refused before saving", () => {
    expect(validateNode({ ...toFormValues(published, NY), published: "2026-03-08 02:15" }, NY)).toEqual({
      published: [
        "That time does not exist in Eastern Time (America/New_York): the clocks go forward then. Enter 2026-03-08 03:00 or later.",
      ],
    });
  });
});
