import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  ContentActionRequest,
  CreateKeywordRequest,
  CreateNodeRequest,
  CreateRoleRequest,
  IpaSaveRequest,
  KeywordLinkRequest,
  NodeHistoryQuery,
  PageQuery,
  PendingRewriteBatchesQuery,
  UpdateNodeRequest,
  UpdateRoleRequest,
} from "../content/api.ts";
import {
  ContentNodeCreated,
  ContentNodeKeywordLinked,
  ContentNodeSaved,
  ContributorRoleAdded,
  KeywordCreated,
} from "../content/events.ts";
import { RoleListRequest } from "../contributors/api.ts";
import { KeywordQuery, KeywordSearchRequest } from "../keywords/api.ts";
import { LookupLocksRequest, RecordLockQuery, ReleaseLocksRequest, TakeLocksRequest } from "../locks/api.ts";
import { LockTaken } from "../locks/events.ts";
import { PickerQueryString, PickerSearchRequest, toIdList } from "../lookups/api.ts";
import {
  ScheduleActionRequest,
  ScheduledActionListQuery,
  UpdateScheduledActionRequest,
} from "../scheduled-actions/api.ts";
import { ScheduledActionScheduled } from "../scheduled-actions/events.ts";
import { LoginRequest } from "../accounts/api.ts";
import { PG_INT_MAX, pathIdOf } from "./request-fields.ts";

const lines = (schema: z.ZodType, input: unknown): string[] => {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.length ? i.path.join(".") : "__all__"}: ${i.message}`);
};

const PAST = PG_INT_MAX + 1;
const TOO_BIG = 3_000_000_000;
const lockObj = { app: "content", model: "contentnode", id: 1 };
const action = { action: "publish", action_time: "2030-01-01 10:00", object_id: 1 };
const AT_MOST = `Ensure this value is less than or equal to ${PG_INT_MAX}.`;
const AT_LEAST_1 = "Ensure this value is greater than or equal to 1.";
const STORABLE = "Enter text without NUL characters or broken Unicode.";

// [schema name, input, the field lines it answers ([] = accepted), schema]
const table: Array<[string, unknown, string[], z.ZodType]> = [
  ["CreateNodeRequest", { name: "A", node_type: "0" }, [`node_type: ${AT_LEAST_1}`], CreateNodeRequest],
  ["CreateNodeRequest", { name: "A", node_type: PG_INT_MAX, parent: String(PG_INT_MAX) }, [], CreateNodeRequest],
  ["CreateNodeRequest", { name: "A", parent: PAST }, [`parent: ${AT_MOST}`], CreateNodeRequest],
  ["CreateNodeRequest", { name: "A", parent: "99999999999999999999" }, [`parent: ${AT_MOST}`], CreateNodeRequest],
  ["CreateNodeRequest", { name: "A", parent: "" }, [], CreateNodeRequest],
  [
    "CreateNodeRequest",
    { name: "A", sku: TOO_BIG, language_node: -1 },
    [`sku: ${AT_MOST}`, `language_node: ${AT_LEAST_1}`],
    CreateNodeRequest,
  ],
  [
    "CreateNodeRequest",
    { name: "A", menu_nodes: [1, TOO_BIG], keywords: [{ id: 0 }] },
    [`keywords.0: ${AT_LEAST_1}`, `menu_nodes.1: ${AT_MOST}`],
    CreateNodeRequest,
  ],
  [
    "CreateNodeRequest",
    { name: "A\u0000", body: "\udc00" },
    [`name: ${STORABLE}`, `body: ${STORABLE}`],
    CreateNodeRequest,
  ],
  ["CreateNodeRequest", { name: "emoji 🙂 is fine", body: "🙂" }, [], CreateNodeRequest],
  [
    "CreateNodeRequest",
    { name: "x".repeat(256) },
    ["name: Ensure this field has no more than 255 characters."],
    CreateNodeRequest,
  ],
  ["CreateNodeRequest", {}, ["name: This field is required."], CreateNodeRequest],
  [
    "UpdateNodeRequest",
    { published: "0000-01-01 00:00", last_published: "0001-01-01T00:30+01:00" },
    [
      "published: Please enter a valid date-time (yyyy-mm-dd hh:mm).",
      "last_published: Please enter a valid date-time (yyyy-mm-dd hh:mm).",
    ],
    UpdateNodeRequest,
  ],
  ["UpdateNodeRequest", { published: "0001-01-01 00:00", last_published: "9999-12-31 23:59" }, [], UpdateNodeRequest],
  [
    "ScheduleActionRequest",
    { ...action, action_time: "0000-06-01 10:00" },
    ["action_time: Please enter a valid date-time (yyyy-mm-dd hh:mm)."],
    ScheduleActionRequest,
  ],
  ["UpdateNodeRequest", { expected_version: TOO_BIG }, [`expected_version: ${AT_MOST}`], UpdateNodeRequest],
  ["UpdateNodeRequest", { expected_version: -1, node_type: null }, [], UpdateNodeRequest],
  ["IpaSaveRequest", { id: TOO_BIG }, [`id: ${AT_MOST}`], IpaSaveRequest],
  ["ContentActionRequest", { action: "publish", pk: PAST }, [`pk: ${AT_MOST}`], ContentActionRequest],
  ["NodeHistoryQuery", { at: "99999999999" }, [`at: ${AT_MOST}`], NodeHistoryQuery],
  [
    "CreateKeywordRequest",
    { name: "K", monthly_searches: TOO_BIG },
    [`monthly_searches: ${AT_MOST}`],
    CreateKeywordRequest,
  ],
  ["CreateKeywordRequest", { name: "K", monthly_searches: "" }, [], CreateKeywordRequest],
  [
    "CreateKeywordRequest",
    { name: "K", monthly_searches: -1 },
    ["monthly_searches: Ensure this value is greater than or equal to 0."],
    CreateKeywordRequest,
  ],
  ["KeywordLinkRequest", { keyword: TOO_BIG }, [`keyword: ${AT_MOST}`], KeywordLinkRequest],
  [
    "CreateRoleRequest",
    { node: TOO_BIG, contributor: "C", role: "R", sort_order: TOO_BIG },
    [`node: ${AT_MOST}`, `sort_order: ${AT_MOST}`],
    CreateRoleRequest,
  ],
  ["UpdateRoleRequest", { sort_order: "3000000000" }, [`sort_order: ${AT_MOST}`], UpdateRoleRequest],
  ["PageQuery", { url: "/a\u0000" }, [`url: ${STORABLE}`], PageQuery],
  [
    "PendingRewriteBatchesQuery",
    { node: String(PAST), start: "1e3" },
    ["start: Enter a whole number.", `node: ${AT_MOST}`],
    PendingRewriteBatchesQuery,
  ],
  [
    "RoleListRequest",
    { node: String(PAST), count: "-2" },
    [`node: ${AT_MOST}`, "count: Ensure this value is greater than or equal to -1."],
    RoleListRequest,
  ],
  [
    "KeywordQuery",
    { content_nodes__id: String(PAST), query: "\u0000" },
    [`content_nodes__id: ${AT_MOST}`, `query: ${STORABLE}`],
    KeywordQuery,
  ],
  ["KeywordSearchRequest", { query: "ark", start: String(TOO_BIG) }, [`start: ${AT_MOST}`], KeywordSearchRequest],
  [
    "TakeLocksRequest",
    { objs: [lockObj], reason: TOO_BIG },
    ["reason: A valid integer is required."],
    TakeLocksRequest,
  ],
  [
    "TakeLocksRequest",
    { objs: [{ ...lockObj, id: PAST, reason: TOO_BIG }] },
    ["objs.0.id: A valid integer is required.", "objs.0.reason: A valid integer is required."],
    TakeLocksRequest,
  ],
  ["TakeLocksRequest", { objs: [{ ...lockObj, id: PG_INT_MAX }], reason: PG_INT_MAX }, [], TakeLocksRequest],
  [
    "ReleaseLocksRequest",
    { objs: [{ ...lockObj, id: "3000000000" }] },
    ["objs.0.id: A valid integer is required."],
    ReleaseLocksRequest,
  ],
  [
    "LookupLocksRequest",
    { objs: [{ ...lockObj, id: 0 }] },
    ["objs.0.id: A valid integer is required."],
    LookupLocksRequest,
  ],
  ["RecordLockQuery", { ...lockObj, id: String(PAST) }, ["id: A valid integer is required."], RecordLockQuery],
  ["ScheduleActionRequest", { ...action, object_id: TOO_BIG }, [`object_id: ${AT_MOST}`], ScheduleActionRequest],
  ["ScheduleActionRequest", { ...action, user: "u\u0000" }, [`user: ${STORABLE}`], ScheduleActionRequest],
  [
    "UpdateScheduledActionRequest",
    { ...action, object_id: "0" },
    [`object_id: ${AT_LEAST_1}`],
    UpdateScheduledActionRequest,
  ],
  [
    "ScheduledActionListQuery",
    { object_id: String(PAST), content_type: String(TOO_BIG) },
    [`object_id: ${AT_MOST}`, `content_type: ${AT_MOST}`],
    ScheduledActionListQuery,
  ],
  [
    "PickerSearchRequest",
    { query: "a", start: TOO_BIG, filters: { slug: "\u0000" } },
    [`start: ${AT_MOST}`, `filters.slug: ${STORABLE}`],
    PickerSearchRequest,
  ],
  ["PickerQueryString", { count: "-1", start: "", query: "ark" }, [], PickerQueryString],
  ["LoginRequest", { email: "a\u0000@example.org", password: "x" }, [`email: ${STORABLE}`], LoginRequest],
];

describe("core hardening 2 validation: the request schemas", () => {
  it.each(table)("core hardening 2 validation: %s %j answers %j", (_name, input, expected, schema) => {
    expect(lines(schema, input)).toEqual(expected);
  });

  it("core hardening 2 validation: ids past 2^31-1 in a path name nothing; picker id lists drop them", () => {
    expect([
      pathIdOf("1"),
      pathIdOf(String(PG_INT_MAX)),
      pathIdOf(String(PAST)),
      pathIdOf("0"),
      pathIdOf("99999999999999999999"),
      pathIdOf("1.5"),
    ]).toEqual([1, PG_INT_MAX, null, null, null, null]);
    expect(toIdList(`[1, ${PAST}, "2", 0]`)).toEqual([1, 2]);
  });
});

// A request field, the event field it is written to, and the column that keeps it: whatever value the
// request accepts, the event's schema must accept on read and the column must hold.
const INTEGER = [-(2 ** 31), PG_INT_MAX] as const;
const BIGINT = [-(2 ** 63), 2 ** 63 - 1] as const;
const field = (schema: z.ZodType, name: string) => (schema as z.ZodObject).shape[name] as z.ZodType;
const agreement: Array<[string, z.ZodType, z.ZodType, readonly [number, number]]> = [
  [
    "node_type → ContentNodeCreated.nodeTypeId",
    field(CreateNodeRequest, "node_type"),
    field(ContentNodeCreated.schema, "nodeTypeId"),
    INTEGER,
  ],
  [
    "parent → ContentNodeCreated.parentId",
    field(CreateNodeRequest, "parent"),
    field(ContentNodeCreated.schema, "parentId"),
    INTEGER,
  ],
  [
    "sku → ContentNodeCreated.skuId",
    field(CreateNodeRequest, "sku"),
    field(ContentNodeCreated.schema, "skuId"),
    INTEGER,
  ],
  [
    "language_node → ContentNodeCreated.languageNodeId",
    field(CreateNodeRequest, "language_node"),
    field(ContentNodeCreated.schema, "languageNodeId"),
    INTEGER,
  ],
  [
    "sort_order → ContentNodeCreated.sortOrder",
    field(CreateNodeRequest, "sort_order"),
    field(ContentNodeCreated.schema, "sortOrder"),
    BIGINT,
  ],
  [
    "keyword → ContentNodeKeywordLinked.keywordId",
    field(KeywordLinkRequest, "keyword"),
    field(ContentNodeKeywordLinked.schema, "keywordId"),
    INTEGER,
  ],
  [
    "monthly_searches → KeywordCreated.monthlySearches",
    field(CreateKeywordRequest, "monthly_searches"),
    field(KeywordCreated.schema, "monthlySearches"),
    INTEGER,
  ],
  [
    "node → ContributorRoleAdded.id",
    field(CreateRoleRequest, "node"),
    field(ContributorRoleAdded.schema, "id"),
    INTEGER,
  ],
  ["reason → LockTaken.reason", field(TakeLocksRequest, "reason"), field(LockTaken.schema, "reason"), INTEGER],
  ["objs[].id → LockTaken.id", field(RecordLockQuery, "id"), field(LockTaken.schema, "id"), INTEGER],
  [
    "object_id → ScheduledActionScheduled.objectId",
    field(ScheduleActionRequest, "object_id"),
    field(ScheduledActionScheduled.schema, "objectId"),
    INTEGER,
  ],
  [
    "IpaSaveRequest.id → ContentNodeSaved.id",
    field(IpaSaveRequest, "id"),
    field(ContentNodeSaved.schema, "id"),
    INTEGER,
  ],
];
const probes: unknown[] = [
  -(2 ** 31) - 1,
  -1,
  0,
  1,
  "1",
  " 7 ",
  1.5,
  "0x10",
  "1e3",
  PG_INT_MAX,
  String(PG_INT_MAX),
  PAST,
  String(PAST),
  TOO_BIG,
  9_999_999_999_999,
  2 ** 53,
  Number.MAX_VALUE,
  "",
  null,
  true,
  [],
  {},
];

describe("core hardening 2 validation: request and event schemas agree", () => {
  it.each(agreement)("core hardening 2 validation: %s", (_name, request, event, [low, high]) => {
    for (const probe of probes) {
      const parsed = request.safeParse(probe);
      if (!parsed.success || parsed.data === undefined || parsed.data === null) continue;
      expect([probe, event.safeParse(parsed.data).success]).toEqual([probe, true]);
      expect([
        probe,
        Number.isInteger(parsed.data) && (parsed.data as number) >= low && (parsed.data as number) <= high,
      ]).toEqual([probe, true]);
    }
  });
});
