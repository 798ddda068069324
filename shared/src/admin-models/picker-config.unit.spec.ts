import { describe, expect, it } from "vitest";
import { SCHEDULED_ACTION_MODEL } from "./models.ts";
import { addUrlForLookup, resolveLookup } from "./picker-config.ts";

describe("back office 6: placeholder_fields and ct_field pick a picker's lookup from the form", () => {
  it("ct_field: the content type chosen in the form picks the lookup, its add link and search fields", () => {
    const lookup = { api: "", ctField: "content_type" };
    expect(resolveLookup(lookup, { content_type: "143" })).toEqual({
      api: "/admin/api/content/contentnode/",
      addUrl: "/admin/content/contentnode/add/",
      searchFields: ["name", "slug", "url"],
      displayFields: ["url"],
    });
    expect(resolveLookup(lookup, { content_type: "144" })?.api).toBe("/admin/api/tree/menunode/");
  });

  it("ct_field: no type chosen yet, or an unknown one, leaves the picker waiting", () => {
    expect(resolveLookup({ api: "", ctField: "content_type" }, { content_type: "" })).toBeNull();
    expect(resolveLookup({ api: "", ctField: "content_type" }, { content_type: "999" })).toBeNull();
  });

  it("placeholder_fields: {field} in the api and the add link are filled from the form", () => {
    const lookup = {
      api: "/admin/api/{app}/{model}/",
      addUrl: "/admin/{app}/{model}/add/",
      placeholderFields: ["app", "model"],
    };
    expect(resolveLookup(lookup, { app: "store", model: "sku" })).toMatchObject({
      api: "/admin/api/store/sku/",
      addUrl: "/admin/store/sku/add/",
    });
    expect(resolveLookup(lookup, { app: "store", model: " " })).toBeNull();
  });

  it("the scheduled action's object is a type-driven reference: content type 143 searches content nodes", () => {
    const object = SCHEDULED_ACTION_MODEL.fields.find((f) => f.name === "object_id")!;
    expect(resolveLookup(object.lookup!, { content_type: "143" })?.api).toBe("/admin/api/content/contentnode/");
  });
});

describe("back office 6: every picker whose lookup has an add page gets the add-another link", () => {
  it("content nodes, menu nodes and the described models that can be added have an add_url", () => {
    expect(addUrlForLookup("/admin/api/content/contentnode/")).toBe("/admin/content/contentnode/add/");
    expect(addUrlForLookup("/admin/api/tree/menunode/")).toBe("/admin/tree/menunode/add/");
    expect(addUrlForLookup("/admin/api/content/keyword/")).toBe("/admin/content/keyword/add/");
    expect(addUrlForLookup("/admin/api/store/product/")).toBe("/admin/store/product/add/");
    // The node form's SKU picker searches the lookup; its SKUs are the store's (one sku-{id} stream).
    expect(addUrlForLookup("/admin/api/product/sku/")).toBe("/admin/store/sku/add/");
  });

  it("a lookup with no add page in this back office has none", () => {
    expect(addUrlForLookup("/admin/api/translation/contentlangnode/")).toBeUndefined();
    expect(addUrlForLookup("/admin/api/tree/pendingrewritebatch/")).toBeUndefined();
  });
});
