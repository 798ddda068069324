import { z } from "zod";
import {
  ContentActionRequest,
  CreateKeywordRequest,
  CreateNodeRequest,
  CreateRoleRequest,
  IdSchema,
  IpaSaveRequest,
  KeywordLinkRequest,
  LoginRequest,
  LookupLocksRequest,
  LookupSearchResponse,
  MeResponse,
  NodeHistoryQuery,
  PageQuery,
  PendingRewriteBatchesQuery,
  PickerQueryString,
  PickerSearchRequest,
  RecordLock,
  RecordLockQuery,
  ReleaseLocksRequest,
  ScheduleActionRequest,
  ScheduledActionListQuery,
  TakeLocksRequest,
  UpdateNodeRequest,
  UpdateRoleRequest,
  UpdateScheduledActionRequest,
} from "@shop/shared";
import { RoleListRequest } from "@shop/shared/contributors/api";
import { KeywordQuery, KeywordSearchRequest } from "@shop/shared/keywords/api";
import { LockLookupItem } from "@shop/shared/locks/api";
import { AuditQuery } from "../../audit/audit-router.ts";
import { LOOKUP_MODELS } from "../../lookups/lookup-models.ts";
import { ADMIN_CATALOG_ROUTES, CATALOG_ROUTES } from "../../catalog/catalog-route-docs.ts";
import { CAMPAIGN_ROUTES } from "../../campaigns/campaign-route-docs.ts";
import { ADMIN_ORDER_ROUTES } from "../../orders/admin-order-route-docs.ts";
import { SHIPPING_RATE_ROUTES } from "../../checkout/shipping-rate-route-docs.ts";
import { DISCOUNT_ROUTES } from "../../discounts/discount-route-docs.ts";
import { CART_ROUTES } from "../../cart/cart-route-docs.ts";
import { CATEGORY_PAGE_ROUTES } from "../../category-pages/category-pages-route-docs.ts";
import { RADIO_ROUTES } from "../../radio/radio-route-docs.ts";
import { AD_ROUTES } from "../../ads/ads-route-docs.ts";
import { NEWSLETTER_ROUTES } from "../../newsletters/newsletters-route-docs.ts";
import { MAIL_ROUTES } from "../../mail/mail-route-docs.ts";
import { ACCOUNT_ROUTES } from "../../accounts/account-route-docs.ts";
import { CHECKOUT_ROUTES } from "../../checkout/checkout-route-docs.ts";
import { QUICK_CHECKOUT_ROUTES } from "../../checkout/quick-checkout-route-docs.ts";
import { WISHLIST_ROUTES } from "../../wishlist/wishlist-route-docs.ts";
import { NAV_ROUTES } from "../../nav/nav-route-docs.ts";
import { SEARCH_ROUTES } from "../../search/search-route-docs.ts";
import { GAMIFY_ROUTES } from "../../gamify/gamify-route-docs.ts";
import { CLIENT_ERROR_ROUTES } from "../../client-errors/client-errors-route-docs.ts";

/**
 * Every route of the API for /api/openapi.json: method, Express path, and its request and answer
 * schemas from shared/. The route-walk test (openapi.int.spec.ts) fails when a router gains a route
 * that is not listed here. `answer` left out means the answer has no shared schema yet: the document
 * then promises only the envelope, and says so.
 */
export interface RouteDoc {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The whole answer (with its `metadata`) when shared/ has a schema for it. */
  answer?: z.ZodType;
  /** Fields known to be in the answer beside `metadata`, when there is no shared schema for it. */
  fields?: z.ZodRawShape;
  /** The answer's media type when it is not JSON (the docs page and its files). */
  mediaType?: string;
  /** Status of a success when not 200. */
  status?: 201;
}

const list = (item: z.ZodType = z.unknown()) => ({
  items: z.array(item),
  total: z.number(),
  count: z.number(),
  start: z.number(),
});
const node = "the node as shared/src/content/view.ts `NodeView`/`ContentNodeView` describes it (not yet a zod schema)";

function nodeRoutes(base: string, kind: string): RouteDoc[] {
  return [
    {
      method: "POST",
      path: base,
      summary: `Create a ${kind}; a body with a picker key (query, OR, count, exclude) is a picker search instead`,
      body: z.union([CreateNodeRequest, PickerSearchRequest]),
      status: 201,
      fields: { id: z.number() },
    },
    {
      method: "GET",
      path: `${base}:id/`,
      summary: `One ${kind}: ${node}`,
      fields: { id: z.number(), version: z.number() },
    },
    {
      method: "PUT",
      path: `${base}:id/`,
      summary: `Save the edited fields of a ${kind} (409 when expected_version is stale or the record is locked)`,
      body: UpdateNodeRequest,
      fields: { id: z.number(), version: z.number() },
    },
    {
      method: "GET",
      path: `${base}:id/history/`,
      summary: `A ${kind}'s versions, or the ${kind} as of version \`at\``,
      query: NodeHistoryQuery,
    },
  ];
}

/** The record picker's calls for every lookup model (services/src/lookups/lookups-router.ts). */
function lookupRoutes(): RouteDoc[] {
  return LOOKUP_MODELS.flatMap(({ base, sharedBase }): RouteDoc[] => [
    ...(sharedBase
      ? []
      : [
          {
            method: "POST" as const,
            path: base,
            summary: "Picker search",
            body: PickerSearchRequest,
            answer: LookupSearchResponse,
          },
        ]),
    {
      method: "POST",
      path: `${base}query/`,
      summary: "Picker search",
      body: PickerSearchRequest,
      answer: LookupSearchResponse,
    },
    {
      method: "GET",
      path: base,
      summary: "Picker search or load by ids, from the query string",
      query: PickerQueryString,
      answer: LookupSearchResponse,
    },
    {
      method: "GET",
      path: `${base}query/`,
      summary: "Picker search, from the query string",
      query: PickerQueryString,
      answer: LookupSearchResponse,
    },
    ...(sharedBase
      ? []
      : [
          {
            method: "GET" as const,
            path: `${base}:id/`,
            summary: "One picker item (an item's api_url): `{metadata, ...LookupItem}`",
            query: PickerQueryString.pick({ __include: true }),
          },
        ]),
  ]);
}

/** One record's outcome when a lock request names several (services/src/locks/locks-router.ts). */
const LockOutcome = z.object({
  app: z.string(),
  model: z.string(),
  id: z.number(),
  lock: RecordLock.nullable(),
  success: z.boolean(),
});

const CONTENT_NODE = "/admin/api/content/contentnode/";
const ACTIONS = "/admin/api/base/cmsactionevent/";
const LOCKS = "/admin/base/record-locks/";
const ROLES = "/admin/api/content/role/";

export const API_ROUTES: RouteDoc[] = [
  ...CATALOG_ROUTES,
  ...ADMIN_CATALOG_ROUTES,
  { method: "GET", path: "/healthz", summary: "Liveness (no envelope)", answer: z.object({ status: z.literal("ok") }) },
  {
    method: "GET",
    path: "/readyz",
    summary: "Readiness (no envelope): 200 once the read models caught up at start, else 503",
    answer: z.object({ status: z.enum(["ready", "starting", "stopping"]) }),
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This document (no envelope)",
    answer: z.record(z.string(), z.unknown()),
  },
  {
    method: "GET",
    path: "/api/docs/",
    summary: "This document as a readable page (Swagger UI)",
    mediaType: "text/html",
    answer: z.string(),
  },
  {
    method: "GET",
    path: "/api/docs/:file",
    summary: "The page's script and style sheet: swagger-ui-bundle.js, swagger-ui.css, start.js",
    mediaType: "*/*",
    answer: z.string(),
  },

  { method: "GET", path: "/api/account/me/", summary: "The signed-in user, or null", answer: MeResponse },
  {
    method: "POST",
    path: "/api/account/login/",
    summary:
      "Sign in; sets the session cookie and the `device` cookie (a year) that keeps this browser out of the " +
      "account's cross-address limit; 429 with Retry-After after 5 failures per address and email",
    body: LoginRequest,
    answer: MeResponse,
  },
  { method: "POST", path: "/api/account/logout/", summary: "Sign out; clears the session cookie" },
  {
    method: "GET",
    path: "/api/content/page/",
    summary: "The published page at a URL (staff may preview drafts)",
    query: PageQuery,
    fields: {
      page: z
        .object({ id: z.number(), title: z.string(), url: z.string(), status: z.string(), body_html: z.string() })
        .catchall(z.unknown()),
    },
  },

  ...lookupRoutes(),
  ...nodeRoutes(CONTENT_NODE, "content node"),
  ...nodeRoutes("/admin/api/tree/menunode/", "menu node"),
  {
    method: "PUT",
    path: "/admin/api/content/node-ipa-save/",
    summary: "The in-page admin bar's save: the edited fields and the node's id",
    body: IpaSaveRequest,
    fields: { id: z.number(), version: z.number() },
  },
  {
    method: "POST",
    path: "/admin/content/contentnode/action/",
    summary: "Run a status action on a content node",
    body: ContentActionRequest,
    fields: { id: z.number(), status: z.string(), version: z.number() },
  },
  {
    method: "POST",
    path: `${CONTENT_NODE}:id/keywords/`,
    summary: "Link a keyword to a content node (body or query `keyword`)",
    body: KeywordLinkRequest,
    fields: { id: z.number(), keywords: z.array(z.unknown()), version: z.number() },
  },
  {
    method: "DELETE",
    path: `${CONTENT_NODE}:id/keywords/`,
    summary: "Unlink a keyword from a content node (body or query `keyword`)",
    body: KeywordLinkRequest,
    fields: { id: z.number(), keywords: z.array(z.unknown()), version: z.number() },
  },
  {
    method: "GET",
    path: "/admin/api/tree/pendingrewritebatch/",
    summary: "URL rewrite batches waiting to run",
    query: PendingRewriteBatchesQuery,
    fields: list(),
  },
  {
    method: "GET",
    path: "/admin/api/tree/pendingrewritebatch/:id/",
    summary: "One URL rewrite batch (id, node, old_url, new_url, created_at, created_by)",
    fields: { id: z.number(), node: z.number(), old_url: z.string(), new_url: z.string() },
  },
  {
    method: "POST",
    path: "/admin/tree/menunode/action/",
    summary: "Run a status action on a menu node",
    body: ContentActionRequest,
    fields: { id: z.number(), status: z.string(), version: z.number() },
  },

  {
    method: "GET",
    path: ACTIONS,
    summary: "Scheduled actions (items: shared/src/scheduled-actions/api.ts `ScheduledActionItem`)",
    query: ScheduledActionListQuery,
    fields: list(),
  },
  {
    method: "GET",
    path: `${ACTIONS}:id/`,
    summary: "One scheduled action (`ScheduledActionItem`)",
    fields: { id: z.number() },
  },
  {
    method: "POST",
    path: ACTIONS,
    summary: "Schedule a status action on a content node",
    body: ScheduleActionRequest,
    fields: { id: z.number() },
  },
  {
    method: "PUT",
    path: `${ACTIONS}:id/`,
    summary: "Change a pending scheduled action",
    body: UpdateScheduledActionRequest,
    fields: { id: z.number() },
  },
  { method: "DELETE", path: `${ACTIONS}:id/`, summary: "Cancel a scheduled action", fields: { id: z.number() } },

  {
    method: "GET",
    path: "/admin/api/base/audit/",
    summary: "The event log, newest first",
    query: AuditQuery,
    fields: list(),
  },

  {
    method: "GET",
    path: "/admin/base/record-lock-reasons/",
    summary: "The reasons a lock may give",
    fields: list(z.object({ id: z.number(), title: z.string() })),
  },
  {
    method: "GET",
    path: LOCKS,
    summary: "The lock on one record, or null",
    query: RecordLockQuery,
    fields: { lock: RecordLock.nullable() },
  },
  {
    method: "POST",
    path: LOCKS,
    summary:
      "Take locks (409 with the holder when another user holds one); with `?action=lookup` and a LookupLocksRequest body, the locks held on those records",
    query: z.object({ action: z.literal("lookup").optional() }),
    body: z.union([TakeLocksRequest, LookupLocksRequest]),
    fields: {
      lock: RecordLock.nullable().optional(),
      locks: z.array(z.union([LockLookupItem, LockOutcome])).optional(),
    },
  },
  {
    method: "DELETE",
    path: LOCKS,
    summary: "Release locks (also sent as text/plain by the page-unload beacon)",
    body: ReleaseLocksRequest,
    fields: { lock: z.null(), locks: z.array(LockOutcome).optional() },
  },

  {
    method: "POST",
    path: "/admin/api/content/keyword/",
    summary: "Create a keyword",
    body: CreateKeywordRequest,
    status: 201,
    fields: { id: z.number(), name: z.string(), slug: z.string() },
  },
  {
    method: "GET",
    path: "/admin/api/content/keyword/",
    summary: "Keywords (id, name, slug)",
    query: KeywordQuery,
    fields: list(z.object({ id: z.number(), name: z.string(), slug: z.string() })),
  },
  {
    method: "GET",
    path: "/admin/api/content/keyword/:id/",
    summary: "One keyword with its use counts",
    fields: { id: z.number(), name: z.string(), slug: z.string(), our_uses: z.number(), monthly_searches: z.number() },
  },
  {
    method: "GET",
    path: "/admin/api/content/keyword-stats/",
    summary: "Keywords with their use counts",
    query: KeywordQuery,
    fields: list(),
  },
  {
    method: "GET",
    path: "/admin/api/content/keyword-search/",
    summary: "Keywords best matching a text",
    query: KeywordSearchRequest,
    fields: list(),
  },

  {
    method: "GET",
    path: ROLES,
    summary: "Contributor roles of a node (or all)",
    query: RoleListRequest,
    fields: list(),
  },
  {
    method: "POST",
    path: ROLES,
    summary: "Add a contributor role to a node",
    body: CreateRoleRequest,
    status: 201,
    fields: { id: z.number() },
  },
  {
    method: "PUT",
    path: `${ROLES}:id/`,
    summary: "Change a contributor role",
    body: UpdateRoleRequest,
    fields: { id: z.number() },
  },
  { method: "DELETE", path: `${ROLES}:id/`, summary: "Remove a contributor role", fields: { id: z.number() } },

  {
    method: "GET",
    path: "/admin/api/site/",
    summary: "Site settings the back office needs (the time zone staff type times in)",
    fields: { time_zone: z.string() },
  },
  ...CAMPAIGN_ROUTES,
  ...ADMIN_ORDER_ROUTES,
  ...SHIPPING_RATE_ROUTES,
  ...DISCOUNT_ROUTES,
  ...CART_ROUTES,
  ...CATEGORY_PAGE_ROUTES,
  ...RADIO_ROUTES,
  ...AD_ROUTES,
  ...NEWSLETTER_ROUTES,
  ...MAIL_ROUTES,
  ...ACCOUNT_ROUTES,
  ...CHECKOUT_ROUTES,
  ...QUICK_CHECKOUT_ROUTES,
  ...WISHLIST_ROUTES,
  ...NAV_ROUTES,
  ...SEARCH_ROUTES,
  ...GAMIFY_ROUTES,
  ...CLIENT_ERROR_ROUTES,
];

/** A path's parameters: `:id` is a record id (1 to 2147483647), any other is text. */
export function pathParams(path: string): z.ZodObject | undefined {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  return names.length
    ? z.object(Object.fromEntries(names.map((n) => [n, n === "id" ? IdSchema : z.string()])))
    : undefined;
}
