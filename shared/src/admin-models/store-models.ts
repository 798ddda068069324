import type { AdminModel } from "./model-description.ts";

// The store's back-office models (issue 8): list and record pages generated from these descriptions,
// against /admin/api/store/{model}/ (shared/src/catalog/admin-api.ts, discounts/api.ts, donations/api.ts).
// Their lists search with `q`; products and SKUs take the changed fields, discounts and campaigns
// every field again (`fullUpdate`); codes and slugs are given once (`createOnly`).

const PRODUCT_LOOKUP = {
  api: "/admin/api/store/product/",
  addUrl: "/admin/store/product/add/",
  searchFields: ["title"],
};

const common = { editable: true, creatable: true, versioned: true, lockable: true } as const;

export const PRODUCT_MODEL: AdminModel = {
  ...common,
  app: "store",
  model: "product",
  title: "Products",
  singular: "Product",
  api: "/admin/api/store/product/",
  strField: "title",
  // Catalog staff say why a product is held, in their own words (ids past the site's reasons).
  lockReasons: [
    { id: 1, title: "Automatic" },
    { id: 11, title: "Price change pending" },
    { id: 12, title: "Stock count in progress" },
    { id: 13, title: "Waiting for artwork" },
  ],
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "title", label: "Title", type: "text", required: true },
    { name: "subtitle", label: "Subtitle", type: "text" },
    { name: "slug", label: "Slug", type: "slug", slugFrom: "title", help: "Follows the title while it matches it." },
    { name: "author", label: "Author", type: "text" },
    { name: "series", label: "Series", type: "text" },
    { name: "release_date", label: "Release date", type: "date", help: "yyyy-mm-dd" },
    { name: "min_price_cents", label: "From", type: "money", readOnly: true },
    { name: "availability", label: "Availability", type: "text", readOnly: true },
    { name: "description", label: "Description", type: "html" },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "title", sort: "title", link: true },
      { field: "author", sort: "author" },
      { field: "series", sort: "series" },
      { field: "release_date", label: "Release date", sort: "release_date" },
      { field: "min_price_cents", label: "From", sort: "min_price_cents", money: true },
    ],
    defaultSort: "title",
    serverSide: true,
    searchParam: "q",
  },
  history: true,
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
    {
      name: "sku",
      label: "Code",
      type: "text",
      required: true,
      createOnly: true,
      help: "The prefix sets the category (10-1- books …).",
    },
    { name: "category", label: "Category", type: "text", readOnly: true },
    { name: "product", label: "Product", type: "reference", lookup: PRODUCT_LOOKUP },
    { name: "name", label: "Name", type: "text", help: "Empty: the product's title." },
    { name: "format", label: "Format", type: "text" },
    { name: "dimensions", label: "Dimensions", type: "text" },
    { name: "price_cents", label: "Price", type: "money", required: true },
    { name: "original_price_cents", label: "Original price", type: "money" },
    { name: "stock", label: "Stock on hand", type: "integer", help: "Empty: not tracked." },
    { name: "backorder", label: "Backorder allowed", type: "boolean" },
    { name: "restock_date", label: "Restock date", type: "date", help: "yyyy-mm-dd" },
    { name: "allow_returns", label: "Returns allowed", type: "boolean", default: "1" },
    { name: "digital", label: "Digital", type: "boolean" },
    { name: "user_defined_price", label: "Shopper sets the price (donation)", type: "boolean" },
    { name: "campaign", label: "Campaign", type: "text", help: "A donation's campaign slug, e.g. ark-main." },
    { name: "upc", label: "UPC", type: "text" },
    { name: "isbn", label: "ISBN", type: "text" },
    { name: "active", label: "Active", type: "boolean", default: "1" },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "sku", label: "Code", sort: "sku", link: true },
      { field: "title", label: "Title", sort: "name" },
      { field: "format", sort: "format" },
      { field: "category", label: "Category", sort: "category" },
      { field: "price_cents", label: "Price", sort: "price_cents", money: true },
      { field: "stock", label: "Stock", sort: "stock" },
      { field: "active", label: "Active" },
    ],
    defaultSort: "sku",
    serverSide: true,
    searchParam: "q",
  },
  history: true,
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
    {
      name: "code",
      label: "Code",
      type: "text",
      required: true,
      createOnly: true,
      help: "Shoppers type it; kept upper-case.",
    },
    { name: "description", label: "Description", type: "text" },
    { name: "percent_off", label: "Percent off", type: "integer" },
    { name: "amount_off_cents", label: "Amount off", type: "money" },
    { name: "min_subtotal_cents", label: "Minimum subtotal", type: "money" },
    { name: "requires_user", label: "Signed-in users only", type: "boolean" },
    { name: "requires_group", label: "Group", type: "text" },
    { name: "required_skus", label: "Required SKUs", type: "list", help: "SKU codes, separated by commas." },
    { name: "required_quantity", label: "Required quantity", type: "integer" },
    { name: "starts", label: "Starts", type: "datetime" },
    { name: "ends", label: "Ends", type: "datetime" },
    { name: "max_uses", label: "Most uses", type: "integer" },
    { name: "max_uses_per_customer", label: "Most uses per customer", type: "integer" },
    { name: "active", label: "Active", type: "boolean", default: "1" },
    { name: "free_shipping", label: "Free shipping", type: "boolean" },
    {
      name: "free_shipping_methods",
      label: "Free shipping methods",
      type: "list",
      help: "Shipping rate codes (e.g. standard), separated by commas; blank: every method.",
    },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "code", sort: "code", link: true },
      { field: "description", sort: "description" },
      { field: "percent_off", label: "Percent off" },
      { field: "amount_off_cents", label: "Amount off", money: true },
      { field: "ends", label: "Ends", sort: "ends", time: true },
      { field: "active", label: "Active", sort: "active" },
    ],
    defaultSort: "code",
    serverSide: true,
    searchParam: "q",
  },
  fullUpdate: true,
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
    { name: "slug", label: "Slug", type: "slug", required: true, createOnly: true, slugFrom: "name" },
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
      { field: "raised_cents", label: "Raised", sort: "raised_cents", money: true },
      { field: "donors", label: "Donors", sort: "donors" },
    ],
    defaultSort: "name",
    serverSide: true,
    searchParam: "q",
  },
  fullUpdate: true,
};

/**
 * Orders (issue 9): read-only records, listed live (`order:changed` refetches the list); staff act on
 * one through the order panel (admin/src/features/orders/), each action an event on the order's stream.
 */
export const ORDER_MODEL: AdminModel = {
  app: "store",
  model: "order",
  title: "Orders",
  singular: "Order",
  api: "/admin/api/store/order/",
  strField: "number",
  idField: "number",
  fields: [
    { name: "number", label: "Number", type: "text", readOnly: true },
    { name: "placed_at", label: "Placed", type: "datetime", readOnly: true },
    { name: "name", label: "Name", type: "text", readOnly: true },
    { name: "email", label: "Email", type: "text", readOnly: true },
    { name: "status", label: "Status", type: "text", readOnly: true },
    { name: "payment_type", label: "Payment", type: "text", readOnly: true },
    { name: "payment_status", label: "Payment status", type: "text", readOnly: true },
    { name: "total_cents", label: "Total", type: "money", readOnly: true },
    { name: "paid_cents", label: "Paid", type: "money", readOnly: true },
    { name: "refunded_cents", label: "Refunded", type: "money", readOnly: true },
    { name: "tracking_number", label: "Tracking number", type: "text", readOnly: true },
  ],
  list: {
    columns: [
      { field: "number", label: "Number", sort: "number", link: true },
      { field: "placed_at", label: "Placed", sort: "placed_at", time: true },
      { field: "name", sort: "name" },
      { field: "email", sort: "email" },
      { field: "status", sort: "status" },
      { field: "payment_status", label: "Payment" },
      { field: "total_cents", label: "Total", sort: "total_cents", money: true },
    ],
    defaultSort: "-placed_at",
    serverSide: true,
    searchParam: "q",
  },
  editable: false,
  creatable: false,
  versioned: false,
  lockable: false,
  livePush: "order:changed",
};

export const STORE_MODELS = [PRODUCT_MODEL, SKU_MODEL, DISCOUNT_MODEL, CAMPAIGN_MODEL, ORDER_MODEL];
