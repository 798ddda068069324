import { US_STATES } from "../addresses/us-states.ts";
import type { AdminModel } from "./model-description.ts";

/** Radio stations carrying the program (storefront §2 radio page), against /admin/api/radio/station/. */
export const RADIO_STATION_MODEL: AdminModel = {
  app: "radio",
  model: "station",
  title: "Radio stations",
  singular: "Radio station",
  api: "/admin/api/radio/station/",
  strField: "call_letters",
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "call_letters", label: "Call letters", type: "text", required: true },
    { name: "frequency", label: "Frequency", type: "text", help: "e.g. 88.1 FM" },
    { name: "city", label: "City", type: "text", required: true },
    {
      name: "state",
      label: "State",
      type: "choice",
      required: true,
      choices: US_STATES.map((s) => ({ value: s.id, label: s.name })),
    },
    { name: "air_times", label: "Air times", type: "text", help: "e.g. Saturdays 8:00 AM" },
    { name: "active", label: "Shown on the radio page", type: "boolean", default: "1" },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "call_letters", label: "Call letters", sort: "call_letters", link: true },
      { field: "frequency", sort: "frequency" },
      { field: "city", sort: "city" },
      { field: "state", sort: "state" },
    ],
    defaultSort: "state",
    serverSide: true,
    searchParam: "q",
  },
  editable: true,
  creatable: true,
  versioned: true,
  // Small records edited by one person at a time: a stale save is refused (expected_version), no lock.
  lockable: false,
  fullUpdate: true,
};

/**
 * Gamify campaigns (storefront §3 "Gamify campaign", issue 10), against /admin/api/gamify/campaign/,
 * named by slug. Actions, achievements and join-form panels are typed one a line; the record page
 * adds the live players list and the draw (admin/src/features/gamify/).
 */
export const GAMIFY_CAMPAIGN_MODEL: AdminModel = {
  app: "gamify",
  model: "campaign",
  title: "Gamify campaigns",
  singular: "Gamify campaign",
  api: "/admin/api/gamify/campaign/",
  strField: "name",
  idField: "slug",
  fields: [
    { name: "slug", label: "Slug", type: "slug", required: true, createOnly: true, slugFrom: "name" },
    { name: "name", label: "Name", type: "text", required: true },
    { name: "starts_at", label: "Starts", type: "datetime" },
    { name: "ends_at", label: "Ends", type: "datetime" },
    {
      name: "actions",
      label: "Actions",
      type: "textarea",
      required: true,
      help: "One a line: type slug points, and 'repeatable' when it counts every time (e.g. video-play video-play 3).",
    },
    {
      name: "achievements",
      label: "Achievements",
      type: "textarea",
      help: "One a line: threshold slug Name (e.g. 9 super-fan Super Fan).",
    },
    {
      name: "panels",
      label: "Join form panels",
      type: "textarea",
      help: "One a line: weight slug Name | words shown. The join form shows one, chosen at random by weight.",
    },
    { name: "players", label: "Players", type: "integer", readOnly: true },
    { name: "entries", label: "Entries", type: "integer", readOnly: true },
    { name: "winner", label: "Winner", type: "text", readOnly: true },
  ],
  list: {
    columns: [
      { field: "name", sort: "name", link: true },
      { field: "slug", sort: "slug", link: true },
      { field: "starts_at", label: "Starts", sort: "starts_at", time: true },
      { field: "ends_at", label: "Ends", sort: "ends_at", time: true },
      { field: "players", sort: "players" },
      { field: "entries", sort: "entries" },
      { field: "winner" },
    ],
    defaultSort: "slug",
    serverSide: true,
    searchParam: "q",
  },
  editable: true,
  creatable: true,
  versioned: true,
  lockable: false,
  fullUpdate: true,
  livePush: "gamify:entries",
};

/** Ads shown in content pages (issue 10 "Content pages": 3 random), against /admin/api/content/ad/. */
export const AD_MODEL: AdminModel = {
  app: "content",
  model: "ad",
  title: "Ads",
  singular: "Ad",
  api: "/admin/api/content/ad/",
  strField: "title",
  fields: [
    { name: "id", label: "ID", type: "integer", readOnly: true },
    { name: "title", label: "Title", type: "text", required: true },
    {
      name: "link_url",
      label: "Link URL",
      type: "text",
      required: true,
      help: "A path on this site (/visit/) or https://…",
    },
    { name: "image_url", label: "Image URL", type: "text", required: true, help: "A path on this site or https://…" },
    {
      name: "alt_text",
      label: "Alt text",
      type: "text",
      required: true,
      help: "What the image says, for screen readers",
    },
    {
      name: "kind",
      label: "Kind",
      type: "choice",
      default: "own",
      choices: [
        { value: "own", label: "Our own (shown two thirds down a long page)" },
        { value: "magazine", label: "Magazine (shown a third down a long page)" },
      ],
    },
    { name: "active", label: "Shown in content pages", type: "boolean", default: "1" },
  ],
  list: {
    columns: [
      { field: "id", label: "ID", sort: "id", link: true },
      { field: "title", label: "Title", sort: "title", link: true },
      { field: "link_url", label: "Link URL", sort: "link_url" },
      { field: "active", sort: "active" },
    ],
    defaultSort: "title",
    serverSide: true,
    searchParam: "q",
  },
  editable: true,
  creatable: true,
  versioned: true,
  // Small records edited by one person at a time: a stale save is refused (expected_version), no lock.
  lockable: false,
  fullUpdate: true,
};
