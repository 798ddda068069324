import { z } from "zod";
import {
  ContentActionRequest,
  CreateNodeRequest,
  IpaSaveRequest,
  KeywordLinkRequest,
  NodeHistoryQuery,
  PendingRewriteBatchesQuery,
  PickerSearchRequest,
  UpdateNodeRequest,
} from "@shop/shared";
import { listFields as list, type RouteDoc } from "../platform/openapi/route-doc.ts";

const node = "the node as shared/src/content/view.ts `NodeView`/`ContentNodeView` describes it (not yet a zod schema)";

function nodeRoutes(base: string, kind: string): RouteDoc[] {
  return [
    {
      method: "POST",
      path: base,
      summary: `Create a ${kind}; a body with a picker key (query, OR, count, exclude) is a picker search instead`,
      body: z.union([CreateNodeRequest, PickerSearchRequest]),
      status: 201,
      alsoAnswers: { status: 200, description: "A picker search: the records found (items, total)" },
      refusals: [
        "NODE_HAS_WARNINGS",
        "NODE_INVALID",
        "NODE_EXISTS",
        "URL_TAKEN",
        "INVALID_PARENT",
        "UNKNOWN_KEYWORD",
        "UNKNOWN_RECORD",
      ],
      fields: { id: z.number() },
    },
    {
      method: "GET",
      path: `${base}:id/`,
      summary: `One ${kind}: ${node}`,
      refusals: ["NODE_NOT_FOUND"],
      fields: { id: z.number(), version: z.number() },
    },
    {
      method: "PUT",
      path: `${base}:id/`,
      summary: `Save the edited fields of a ${kind} (409 when expected_version is stale or the record is locked)`,
      body: UpdateNodeRequest,
      refusals: [
        "NODE_NOT_FOUND",
        "STALE_VERSION",
        "ALREADY_LOCKED",
        "NODE_HAS_WARNINGS",
        "NODE_INVALID",
        "NODE_EXISTS",
        "URL_TAKEN",
        "INVALID_PARENT",
        "UNKNOWN_KEYWORD",
        "UNKNOWN_RECORD",
      ],
      fields: { id: z.number(), version: z.number() },
    },
    {
      method: "GET",
      path: `${base}:id/history/`,
      summary: `A ${kind}'s versions, or the ${kind} as of version \`at\``,
      query: NodeHistoryQuery,
      refusals: ["NODE_NOT_FOUND"],
    },
  ];
}

const CONTENT_NODE = "/admin/api/content/contentnode/";

/** Content and menu nodes, their status actions, keyword links and URL rewrites (content-router.ts). */
export const CONTENT_ROUTES: RouteDoc[] = [
  ...nodeRoutes(CONTENT_NODE, "content node"),
  ...nodeRoutes("/admin/api/tree/menunode/", "menu node"),
  {
    method: "PUT",
    path: "/admin/api/content/node-ipa-save/",
    refusals: [
      "ALREADY_LOCKED",
      "NODE_HAS_WARNINGS",
      "NODE_NOT_FOUND",
      "NODE_INVALID",
      "URL_TAKEN",
      "INVALID_PARENT",
      "UNKNOWN_KEYWORD",
      "UNKNOWN_RECORD",
      "STALE_VERSION",
    ],
    summary: "The in-page admin bar's save: the edited fields and the node's id",
    body: IpaSaveRequest,
    fields: { id: z.number(), version: z.number() },
  },
  {
    method: "POST",
    path: "/admin/content/contentnode/action/",
    refusals: ["NODE_NOT_FOUND"],
    summary: "Run a status action on a content node",
    body: ContentActionRequest,
    fields: { id: z.number(), status: z.string(), version: z.number() },
  },
  {
    method: "POST",
    path: `${CONTENT_NODE}:id/keywords/`,
    refusals: ["UNKNOWN_KEYWORD", "NODE_HAS_WARNINGS", "NODE_NOT_FOUND", "ALREADY_LOCKED"],
    summary: "Link a keyword to a content node (body or query `keyword`)",
    body: KeywordLinkRequest,
    fields: { id: z.number(), keywords: z.array(z.unknown()), version: z.number() },
  },
  {
    method: "DELETE",
    path: `${CONTENT_NODE}:id/keywords/`,
    refusals: ["UNKNOWN_KEYWORD", "NODE_NOT_FOUND", "ALREADY_LOCKED"],
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
    refusals: ["NODE_NOT_FOUND"],
    summary: "Run a status action on a menu node",
    body: ContentActionRequest,
    fields: { id: z.number(), status: z.string(), version: z.number() },
  },
];
