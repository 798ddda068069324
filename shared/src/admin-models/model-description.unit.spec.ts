import { describe, expect, it } from "vitest";
import { FORM_MESSAGES } from "../domain/messages.ts";
import { formValuesOf, recordPath, requestBodyOf, validateRecord, type AdminModel } from "./model-description.ts";
import { ADMIN_MODELS, KEYWORD_MODEL, SCHEDULED_ACTION_MODEL } from "./models.ts";
import { CAMPAIGN_MODEL, DISCOUNT_MODEL, PRODUCT_MODEL, SKU_MODEL } from "./store-models.ts";

const ZONE = "America/New_York";

describe("back office 4: one description of a model gives its list, record page and request bodies", () => {
  it("every listed model has a record page at /admin/{app}/{model}/{id}/ and a column that links to it", () => {
    for (const [key, model] of Object.entries(ADMIN_MODELS)) {
      expect(key).toBe(`${model.app}/${model.model}`);
      expect(recordPath(model, 7)).toBe(`/${model.app}/${model.model}/7/`);
      expect(
        model.list.columns.some((c) => c.link),
        key,
      ).toBe(true);
      expect(model.api).toMatch(/^\/admin\/api\/.+\/$/);
      const names = new Set(model.fields.map((f) => f.name));
      expect(names.has(model.strField), `${key} names its records by a field it has`).toBe(true);
    }
  });

  it("keywords, scheduled actions, rewrite batches, radio stations, content page ads, newsletters, gamify campaigns and the five store models are described", () => {
    expect(Object.keys(ADMIN_MODELS).sort()).toEqual(
      [
        "base/cmsactionevent",
        "content/ad",
        "content/keyword",
        "gamify/campaign",
        "newsletters/list",
        "newsletters/subscriber",
        "radio/station",
        "store/campaign",
        "store/discount",
        "store/order",
        "store/product",
        "store/sku",
        "tree/pendingrewritebatch",
      ].sort(),
    );
  });

  it("a record's form shows money in dollars, date-times in the site's zone and booleans as checked", () => {
    const values = formValuesOf(
      SKU_MODEL,
      { id: 3, sku: "10-1-100", product: 1, price_cents: 1299, active: true, backorder: false, stock: null },
      ZONE,
    );
    expect(values).toMatchObject({ id: "3", sku: "10-1-100", product: "1", price_cents: "12.99", active: "1" });
    expect(values.backorder).toBe("");
    expect(values.stock).toBe("");
    const action = formValuesOf(
      SCHEDULED_ACTION_MODEL,
      { id: 1, action_time: "2031-12-01 14:30", action_time_iso: "2031-12-01T14:30:00.000Z", action: "publish" },
      ZONE,
    );
    expect(action.action_time).toBe("2031-12-01 09:30");
  });

  it("a new record's form starts from the fields' defaults", () => {
    expect(formValuesOf(SKU_MODEL, undefined, ZONE)).toMatchObject({ active: "1", allow_returns: "1", sku: "" });
  });

  it("a create sends every field it may in its API type: cents, UTC instants, numbers, booleans", () => {
    const values = {
      ...formValuesOf(CAMPAIGN_MODEL, undefined, ZONE),
      slug: "ark-main",
      name: "Ark",
      goal_cents: "$1,000,000",
      starts: "2031-12-01 09:30",
    };
    expect(requestBodyOf(CAMPAIGN_MODEL, values, ZONE)).toEqual({
      slug: "ark-main",
      name: "Ark",
      goal_cents: 100000000,
      starts: "2031-12-01T14:30:00.000Z",
      ends: null,
    });
  });

  it("an update sends only the changed fields, never the read-only ones", () => {
    const base = formValuesOf(
      KEYWORD_MODEL,
      { id: 4, name: "ark", slug: "ark", monthly_searches: 10, our_uses: 2 },
      ZONE,
    );
    expect(requestBodyOf(KEYWORD_MODEL, { ...base, monthly_searches: "12", our_uses: "9" }, ZONE, base)).toEqual({
      monthly_searches: 12,
    });
  });

  it("a model whose PUT takes every field (scheduled actions) sends them all", () => {
    const base = formValuesOf(
      SCHEDULED_ACTION_MODEL,
      {
        id: 1,
        action_time_iso: "2031-12-01T14:30:00.000Z",
        action: "publish",
        content_type: 143,
        object_id: 5,
        alert_user: 0,
      },
      ZONE,
    );
    expect(requestBodyOf(SCHEDULED_ACTION_MODEL, { ...base, action: "archive" }, ZONE, base)).toEqual({
      action_time: "2031-12-01T14:30:00.000Z",
      action: "archive",
      object_id: 5,
      alert_user: false,
    });
  });

  it("required fields, whole numbers, dates and choices are checked before anything is sent (§5)", () => {
    const model: AdminModel = SKU_MODEL;
    const errors = validateRecord(
      model,
      {
        ...formValuesOf(model, undefined, ZONE),
        sku: " ",
        stock: "1.5",
        restock_date: "May 1",
        product: "2",
        price_cents: "3",
      },
      ZONE,
      true,
    );
    expect(errors).toEqual({
      sku: [FORM_MESSAGES.required],
      stock: ["Enter a whole number."],
      restock_date: ["Enter a valid date (yyyy-mm-dd)."],
    });
    const action = validateRecord(
      SCHEDULED_ACTION_MODEL,
      { action_time: "2031-13-01 09:30", action: "", object_id: "5" },
      ZONE,
      true,
    );
    expect(action.action_time).toEqual([FORM_MESSAGES.invalidDateTime]);
    expect(action.action).toEqual([FORM_MESSAGES.required]);
  });

  it("a discount's update sends every field again but its code, required SKUs as a list of codes", () => {
    const loaded = {
      id: 9,
      code: "SAVE10",
      description: "Ten off",
      percent_off: 10,
      amount_off_cents: null,
      min_subtotal_cents: 5000,
      requires_user: false,
      required_skus: ["10-1-100", "30-1-205"],
      active: true,
      version: 2,
    };
    const base = formValuesOf(DISCOUNT_MODEL, loaded, ZONE);
    expect(base.required_skus).toBe("10-1-100, 30-1-205");
    expect(base.min_subtotal_cents).toBe("50.00");
    const body = requestBodyOf(DISCOUNT_MODEL, { ...base, description: "Ten percent off" }, ZONE, base);
    expect(body).not.toHaveProperty("code");
    expect(body).toMatchObject({
      description: "Ten percent off",
      percent_off: 10,
      amount_off_cents: null,
      min_subtotal_cents: 5000,
      required_skus: ["10-1-100", "30-1-205"],
      requires_user: false,
      active: true,
    });
  });

  it("the store's lists search with q, and products and SKUs have a history", () => {
    for (const model of [PRODUCT_MODEL, SKU_MODEL, DISCOUNT_MODEL, CAMPAIGN_MODEL]) {
      expect(model.list.searchParam).toBe("q");
      expect(model.versioned).toBe(true);
      expect(model.api).toBe(`/admin/api/store/${model.model}/`);
    }
    expect(PRODUCT_MODEL.history && SKU_MODEL.history).toBe(true);
    // A code or slug names the record for good: sent on create only.
    const sku = formValuesOf(SKU_MODEL, { id: 1, sku: "10-1-100", price_cents: 1299 }, ZONE);
    expect(requestBodyOf(SKU_MODEL, { ...sku, sku: "10-1-999", price_cents: "13.49" }, ZONE, sku)).toEqual({
      price_cents: 1349,
    });
  });
});
