import type { AdminModel } from "./model-description.ts";

// The store's back-office models (issue 8): list and record pages generated from these descriptions,
// against /admin/api/store/{model}/. Field names are the import file's (README, issue 8).

const PRODUCT_LOOKUP = {
  api: "/admin/api/store/product/",
  addUrl: "/admin/store/product/add/",
  searchFields: ["title"],
};
const CAMPAIGN_LOOKUP = { api: "/admin/api/store/campaign/", addUrl: "/admin/store/campaign/add/" };

const common = { editable: true, creatable: true, versioned: true, lockable: true } as const;

export const PRODUCT_MODEL: AdminModel = {
  ...common,
  app: "store",
  model: "product",
  title: "Products",
  singular: "Product",
  api: "/admin/api/store/product/",
  strField: "title",
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "title", label: "Title", type: "text", required: true },
    { name: "subtitle", label: "Subtitle", type: "text" },
    { name: "slug", label: "Slug", type: "slug", slugFrom: "title", help: "Follows the title while it matches it." },
    { name: "author", label: "Author", type: "text" },
    { name: "series", label: "Series", type: "text" },
    { name: "release_date", label: "Release date", type: "date", help: "yyyy-mm-dd" },
    { name: "description", label: "Description", type: "html" },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "title", sort: "title", link: true },
      { field: "author", sort: "author" },
      { field: "series", sort: "series" },
      { field: "release_date", label: "Release date", sort: "release_date" },
    ],
    defaultSort: "title",
    serverSide: true,
  },
};

export const SKU_MODEL: AdminModel = {
  ...common,
  app: "store",
  model: "sku",
  title: "SKUs",
  singular: "SKU",
  api: "/admin/api/store/sku/",
  strField: "sku",
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "sku", label: "Code", type: "text", required: true, help: "The prefix sets the category (10-1- books …)." },
    { name: "category", label: "Category", type: "text", readOnly: true },
    { name: "product", label: "Product", type: "reference", required: true, lookup: PRODUCT_LOOKUP },
    { name: "format", label: "Format", type: "text" },
    { name: "price_cents", label: "Price", type: "money", required: true },
    { name: "original_price_cents", label: "Original price", type: "money" },
    { name: "stock", label: "Stock on hand", type: "integer", help: "Empty: not tracked." },
    { name: "backorder", label: "Backorder allowed", type: "boolean" },
    { name: "restock_date", label: "Restock date", type: "date", help: "yyyy-mm-dd" },
    { name: "allow_returns", label: "Returns allowed", type: "boolean", default: "1" },
    { name: "digital", label: "Digital", type: "boolean" },
    { name: "user_defined_price", label: "Shopper sets the price (donation)", type: "boolean" },
    { name: "campaign", label: "Campaign", type: "reference", lookup: CAMPAIGN_LOOKUP },
    { name: "upc", label: "UPC", type: "text" },
    { name: "isbn", label: "ISBN", type: "text" },
    { name: "active", label: "Active", type: "boolean", default: "1" },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "sku", label: "Code", sort: "sku", link: true },
      { field: "format", sort: "format" },
      { field: "price_cents", label: "Price", sort: "price_cents", money: true },
      { field: "stock", label: "Stock", sort: "stock" },
      { field: "active", label: "Active" },
    ],
    defaultSort: "sku",
    serverSide: true,
  },
};

export const DISCOUNT_MODEL: AdminModel = {
  ...common,
  app: "store",
  model: "discount",
  title: "Discounts",
  singular: "Discount",
  api: "/admin/api/store/discount/",
  strField: "code",
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "code", label: "Code", type: "text", required: true, help: "Shoppers type it; kept upper-case." },
    { name: "description", label: "Description", type: "text" },
    { name: "percent_off", label: "Percent off", type: "integer" },
    { name: "amount_off_cents", label: "Amount off", type: "money" },
    { name: "min_subtotal_cents", label: "Minimum subtotal", type: "money" },
    { name: "requires_user", label: "Signed-in users only", type: "boolean" },
    { name: "requires_group", label: "Group", type: "text" },
    { name: "required_quantity", label: "Required quantity", type: "integer" },
    { name: "starts", label: "Starts", type: "datetime" },
    { name: "ends", label: "Ends", type: "datetime" },
    { name: "max_uses", label: "Most uses", type: "integer" },
    { name: "max_uses_per_customer", label: "Most uses per customer", type: "integer" },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "code", sort: "code", link: true },
      { field: "description" },
      { field: "percent_off", label: "Percent off", sort: "percent_off" },
      { field: "amount_off_cents", label: "Amount off", sort: "amount_off_cents", money: true },
    ],
    defaultSort: "code",
    serverSide: true,
  },
};

export const CAMPAIGN_MODEL: AdminModel = {
  ...common,
  app: "store",
  model: "campaign",
  title: "Campaigns",
  singular: "Campaign",
  api: "/admin/api/store/campaign/",
  strField: "name",
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "slug", label: "Slug", type: "slug", required: true, slugFrom: "name" },
    { name: "name", label: "Name", type: "text", required: true },
    { name: "goal_cents", label: "Goal", type: "money", required: true },
    { name: "starts", label: "Starts", type: "datetime" },
    { name: "ends", label: "Ends", type: "datetime" },
    { name: "raised_cents", label: "Raised", type: "money", readOnly: true },
    { name: "donors", label: "Donors", type: "integer", readOnly: true },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "name", sort: "name", link: true },
      { field: "slug", sort: "slug" },
      { field: "goal_cents", label: "Goal", sort: "goal_cents", money: true },
      { field: "raised_cents", label: "Raised", money: true },
    ],
    defaultSort: "name",
    serverSide: true,
  },
};

export const STORE_MODELS = [PRODUCT_MODEL, SKU_MODEL, DISCOUNT_MODEL, CAMPAIGN_MODEL];
