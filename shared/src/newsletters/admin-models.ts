import type { AdminModel } from "../admin-models/model-description.ts";

/** The lists the newsletter form offers (§4, §5), against /admin/api/newsletters/list/. */
export const NEWSLETTER_LIST_MODEL: AdminModel = {
  app: "newsletters",
  model: "list",
  title: "Newsletter lists",
  singular: "Newsletter list",
  api: "/admin/api/newsletters/list/",
  strField: "name",
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "name", label: "Name", type: "text", required: true },
    { name: "slug", label: "Slug", type: "text", required: true, help: "lower-case letters, digits and hyphens" },
    { name: "description", label: "Description", type: "text" },
    {
      name: "requires_postal_code",
      label: "Needs a postal code (events list)",
      type: "boolean",
      default: "",
    },
    { name: "active", label: "Offered on the newsletter form", type: "boolean", default: "1" },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "name", label: "Name", sort: "name", link: true },
      { field: "slug", sort: "slug" },
    ],
    defaultSort: "name",
    serverSide: true,
    searchParam: "q",
  },
  editable: true,
  creatable: true,
  versioned: true,
  lockable: false,
  fullUpdate: true,
};

/**
 * Who signed up, read-only (the double opt-in and the unsubscribe link change it, not staff); the
 * CSV export is GET /admin/api/newsletters/subscribers.csv with the same q and status.
 */
export const NEWSLETTER_SUBSCRIBER_MODEL: AdminModel = {
  app: "newsletters",
  model: "subscriber",
  title: "Newsletter subscribers",
  singular: "Newsletter subscriber",
  api: "/admin/api/newsletters/subscriber/",
  strField: "email",
  idField: "email",
  fields: [
    { name: "email", label: "Email", type: "text", readOnly: true },
    { name: "status", label: "Status", type: "text", readOnly: true },
    { name: "lists", label: "Lists", type: "text", readOnly: true },
    { name: "postal_code", label: "Postal code", type: "text", readOnly: true },
    { name: "requested_at", label: "Signed up", type: "text", readOnly: true },
    { name: "confirmed_at", label: "Confirmed", type: "text", readOnly: true },
  ],
  list: {
    columns: [
      { field: "email", sort: "email", link: true },
      { field: "status", sort: "status" },
      { field: "lists" },
      { field: "postal_code" },
      { field: "requested_at", label: "Signed up", sort: "requested_at", time: true },
      { field: "confirmed_at", label: "Confirmed", sort: "confirmed_at", time: true },
    ],
    defaultSort: "-requested_at",
    serverSide: true,
    searchParam: "q",
  },
  editable: false,
  creatable: false,
  versioned: false,
  lockable: false,
};
