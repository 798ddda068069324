import { SCHEDULED_ACTION_CONTENT_TYPE } from "../domain/constants.ts";
import { SCHEDULED_ACTIONS } from "../scheduled-actions/events.ts";
import { adminModelKey, type AdminModel } from "./model-description.ts";
import { STORE_MODELS } from "./store-models.ts";
import { AD_MODEL, GAMIFY_CAMPAIGN_MODEL, RADIO_STATION_MODEL } from "./site-models.ts";
import { NEWSLETTER_LIST_MODEL, NEWSLETTER_SUBSCRIBER_MODEL } from "../newsletters/admin-models.ts";

const MENU_NODE_LOOKUP = {
  api: "/admin/api/tree/menunode/",
  addUrl: "/admin/tree/menunode/add/",
  searchFields: ["name", "slug"],
};

/** Keywords (§3 Keyword): opened from their list; name and slug are kept unique by the server. */
export const KEYWORD_MODEL: AdminModel = {
  app: "content",
  model: "keyword",
  title: "Keywords",
  singular: "Keyword",
  api: "/admin/api/content/keyword/",
  strField: "name",
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "name", label: "Name", type: "text", required: true },
    { name: "slug", label: "Slug", type: "slug", slugFrom: "name", help: "Follows the name while it matches it." },
    { name: "monthly_searches", label: "Monthly searches", type: "integer" },
    { name: "our_uses", label: "Our uses", type: "integer", readOnly: true, help: "Content nodes linked to it." },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "name", sort: "name", link: true },
      { field: "slug", sort: "slug" },
    ],
    defaultSort: "name",
    serverSide: true,
  },
  // A keyword is created (POST) and read; renaming one is not in the API yet (its name and slug are claimed for good).
  editable: false,
  creatable: true,
  versioned: false,
  lockable: false,
};

/** Scheduled actions (§3 Scheduled action event): the object is picked through its content type (`ct_field`). */
export const SCHEDULED_ACTION_MODEL: AdminModel = {
  app: "base",
  model: "cmsactionevent",
  title: "Scheduled actions",
  singular: "Scheduled action",
  api: "/admin/api/base/cmsactionevent/",
  strField: "action",
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "action_time", label: "Action time", type: "datetime", readFrom: "action_time_iso", required: true },
    {
      name: "action",
      label: "Action",
      type: "choice",
      required: true,
      choices: SCHEDULED_ACTIONS.map((a) => ({ value: a, label: a[0]!.toUpperCase() + a.slice(1) })),
    },
    {
      name: "content_type",
      label: "Content type",
      type: "choice",
      readOnly: true,
      default: String(SCHEDULED_ACTION_CONTENT_TYPE),
      choices: [{ value: String(SCHEDULED_ACTION_CONTENT_TYPE), label: "Content node" }],
    },
    {
      name: "object_id",
      label: "Object",
      type: "reference",
      required: true,
      lookup: { api: "", ctField: "content_type" },
    },
    { name: "alert_user", label: "Alert the user when it runs", type: "boolean" },
    { name: "user", label: "User", type: "text", readOnly: true },
    { name: "status", label: "Status", type: "text", readOnly: true },
    { name: "result", label: "Result", type: "text", readOnly: true },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "action_time_iso", label: "Action time", sort: "action_time_iso", time: true, link: true },
      { field: "action", sort: "action" },
      { field: "object_id", label: "Content node", sort: "object_id", linkTo: "/content/contentnode/{object_id}/" },
      { field: "status", sort: "status" },
    ],
    defaultSort: "-action_time_iso",
    serverSide: false,
    searchFields: ["action", "action_time_iso", "status", "object_id"],
  },
  editable: true,
  creatable: true,
  versioned: false,
  lockable: true,
  fullUpdate: true,
  livePush: "action:changed",
};

/** A menu node's url change waits here until the rewrite batch runs (§5, linked from the url warning). */
export const PENDING_REWRITE_BATCH_MODEL: AdminModel = {
  app: "tree",
  model: "pendingrewritebatch",
  title: "Pending rewrite batches",
  singular: "Pending rewrite batch",
  api: "/admin/api/tree/pendingrewritebatch/",
  strField: "old_url",
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "node", label: "Menu node", type: "reference", readOnly: true, lookup: MENU_NODE_LOOKUP },
    { name: "old_url", label: "Old URL", type: "text", readOnly: true },
    { name: "new_url", label: "New URL", type: "text", readOnly: true },
    { name: "created_at", label: "Recorded", type: "datetime", readOnly: true },
    { name: "created_by", label: "By", type: "text", readOnly: true },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "node", label: "Menu node", sort: "node", linkTo: "/tree/menunode/{node}/" },
      { field: "old_url", label: "Old URL", sort: "old_url", link: true },
      { field: "new_url", label: "New URL", sort: "new_url" },
      { field: "created_at", label: "Recorded", sort: "created_at", time: true },
    ],
    defaultSort: "-id",
    serverSide: false,
    searchFields: ["old_url", "new_url", "node"],
  },
  editable: false,
  creatable: false,
  versioned: false,
  lockable: false,
};

/** Every model whose list and record pages come from its description, by `{app}/{model}`. */
export const ADMIN_MODELS: Readonly<Record<string, AdminModel>> = Object.fromEntries(
  [
    KEYWORD_MODEL,
    SCHEDULED_ACTION_MODEL,
    PENDING_REWRITE_BATCH_MODEL,
    ...STORE_MODELS,
    RADIO_STATION_MODEL,
    AD_MODEL,
    NEWSLETTER_LIST_MODEL,
    NEWSLETTER_SUBSCRIBER_MODEL,
    GAMIFY_CAMPAIGN_MODEL,
  ].map((m) => [adminModelKey(m), m]),
);
