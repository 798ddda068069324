import { describe, it } from "vitest";
import { CONTENT_NODE_WARNINGS, type ContentNodeEvent, type NodeFields } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { nodeDecider } from "./content-node.ts";
import { decideNode } from "./decide.ts";

const spec = deciderSpec(nodeDecider, decideNode);
const now = new Date("2026-11-22T10:00:00Z");
const at = now.toISOString();
const edna = { id: "u1", name: "Edna Editor" };
const fields: NodeFields = {
  name: "About",
  slug: "about",
  parentId: 1,
  shortDescription: "",
  url: "/about/",
  body: "<p>About</p>",
  nodeTypeId: null,
  published: null,
  lastPublished: null,
};
const created: ContentNodeEvent = { type: "ContentNodeCreated", data: { id: 7, ...fields, createdAt: "2026-11-01T00:00:00.000Z", by: edna } };
const published: ContentNodeEvent = { type: "ContentNodePublished", data: { id: 7, publishedAt: "2026-11-02T00:00:00.000Z", by: edna } };
const save = (changes: Partial<NodeFields>, extra: Record<string, unknown> = {}) =>
  ({ type: "SaveNode", data: { kind: "contentnode", changes, ignoreWarnings: false, now, by: edna, ...extra } }) as const;
const action = (a: "publish" | "async" | "archive" | "other") => ({ type: "ChangeStatus", data: { action: a, now, by: edna } }) as const;

describe("content status (back-office §4)", () => {
  it("publish makes the item Live", () => {
    spec.given([created]).when(action("publish")).then([{ type: "ContentNodePublished", data: { id: 7, publishedAt: at, by: edna } }]);
  });
  it("publishing a Live item records nothing", () => {
    spec.given([created, published]).when(action("publish")).then([]);
  });
  it("the async action makes a Live item Changes Pending", () => {
    spec.given([created, published]).when(action("async")).then([{ type: "ContentNodeStatusChanged", data: { id: 7, from: "Live", to: "Changes Pending", changedAt: at, by: edna } }]);
  });
  it("archive makes the item Archive", () => {
    spec.given([created, published]).when(action("archive")).then([{ type: "ContentNodeArchived", data: { id: 7, archivedAt: at, by: edna } }]);
  });
  it("any other action sets Beta", () => {
    spec.given([created, published]).when(action("other")).then([{ type: "ContentNodeStatusChanged", data: { id: 7, from: "Live", to: "Beta", changedAt: at, by: edna } }]);
  });
  it("an action on an unknown node is refused with not found", () => {
    spec.given([]).when(action("publish")).thenThrows("NODE_NOT_FOUND");
  });
  it("editing a Live node first switches it to Changes Pending, then saves", () => {
    spec
      .given([created, published])
      .when(save({ name: "About us" }))
      .then([
        { type: "ContentNodeStatusChanged", data: { id: 7, from: "Live", to: "Changes Pending", changedAt: at, by: edna } },
        { type: "ContentNodeSaved", data: { id: 7, changes: { name: "About us" }, version: 3, savedAt: at, by: edna } },
      ]);
  });
  it("editing a Beta node only saves, with the new version", () => {
    spec.given([created]).when(save({ name: "About us", slug: "about" })).then([{ type: "ContentNodeSaved", data: { id: 7, changes: { name: "About us" }, version: 1, savedAt: at, by: edna } }]);
  });
  it("a save that changes nothing records nothing", () => {
    spec.given([created, published]).when(save({ name: "About" })).then([]);
  });
});

describe("content node errors (back-office §5, blocking even with ignore_warnings)", () => {
  it("a published date without a last published date is refused", () => {
    spec.given([created]).when(save({ published: at }, { ignoreWarnings: true })).thenThrows("NODE_INVALID");
  });
  it("a last published date without a published date is refused", () => {
    spec.given([created]).when(save({ lastPublished: at }, { ignoreWarnings: true })).thenThrows("NODE_INVALID");
  });
  it("both dates together are accepted", () => {
    spec.given([created]).when(save({ published: at, lastPublished: at })).then([{ type: "ContentNodeSaved", data: { id: 7, changes: { published: at, lastPublished: at }, version: 1, savedAt: at, by: edna } }]);
  });
});

describe("content node warnings (back-office §5): nothing saved unless ignored", () => {
  const cases: Array<[string, Partial<NodeFields>, Record<string, unknown>?]> = [
    ["a short description over 160 characters", { shortDescription: "x".repeat(161) }],
    ["a node losing its parent (becoming a root node)", { parentId: null }],
    ["images without alt text", { body: '<img src="a.png"><img src="b.png" alt="">' }],
    ["a url change of an existing node", { url: "/about-us/" }],
    ["a keyword word repeated more than 4 times", {}, { keywordIds: [1, 2, 3, 4, 5], keywordNames: ["ark", "ark park", "noah ark", "ark model", "the ark"] }],
  ];
  for (const [rule, changes, extra] of cases) {
    it(`${rule} warns and saves nothing`, () => {
      spec.given([created]).when(save(changes, extra)).thenThrows("NODE_HAS_WARNINGS");
    });
    it(`${rule} is saved with ignore_warnings`, () => {
      const state = [created].reduce(nodeDecider.evolve, nodeDecider.initialState());
      const events = decideNode(save(changes, { ...extra, ignoreWarnings: true }), state);
      if (events.length === 0) throw new Error("nothing saved");
    });
  }
  it("a short description of exactly 160 characters does not warn", () => {
    spec.given([created]).when(save({ shortDescription: "x".repeat(160) })).then([{ type: "ContentNodeSaved", data: { id: 7, changes: { shortDescription: "x".repeat(160) }, version: 1, savedAt: at, by: edna } }]);
  });
  it("a new node without a parent warns about a root node", () => {
    spec
      .given([])
      .when({ type: "CreateNode", data: { kind: "contentnode", id: 9, fields: { ...fields, parentId: null }, ignoreWarnings: false, now, by: edna } })
      .thenThrows("NODE_HAS_WARNINGS");
  });
  it("a new node with a parent and keywords is created and linked", () => {
    spec
      .given([])
      .when({ type: "CreateNode", data: { kind: "contentnode", id: 9, fields, ignoreWarnings: false, now, by: edna, keywordIds: [4], keywordNames: ["ark"] } })
      .then([
        { type: "ContentNodeCreated", data: { id: 9, ...fields, createdAt: at, by: edna } },
        { type: "ContentNodeKeywordLinked", data: { id: 9, keywordId: 4 } },
      ]);
  });
  it("a url change of a menu node records a pending rewrite batch", () => {
    spec
      .given([created])
      .when(save({ url: "/about-us/" }, { kind: "menunode", ignoreWarnings: true, rewriteBatchId: 3 }))
      .then([
        { type: "ContentNodeSaved", data: { id: 7, changes: { url: "/about-us/" }, version: 1, savedAt: at, by: edna } },
        { type: "PendingRewriteBatchRecorded", data: { batchId: 3, nodeId: 7, oldUrl: "/about/", newUrl: "/about-us/", recordedAt: at, by: edna } },
      ]);
  });
  it("a url change of a Live node is auto-published", () => {
    spec
      .given([created, published])
      .when(save({ url: "/about-us/" }, { ignoreWarnings: true }))
      .then([
        { type: "ContentNodeStatusChanged", data: { id: 7, from: "Live", to: "Changes Pending", changedAt: at, by: edna } },
        { type: "ContentNodeSaved", data: { id: 7, changes: { url: "/about-us/" }, version: 3, savedAt: at, by: edna } },
        { type: "ContentNodePublished", data: { id: 7, publishedAt: at, by: edna } },
      ]);
  });
  it("the warnings name the menu node's pending rewrite batches", async () => {
    const { expect } = await import("vitest");
    const state = [created].reduce(nodeDecider.evolve, nodeDecider.initialState());
    expect(() => decideNode(save({ url: "/x/" }, { kind: "menunode" }), state)).toThrow(
      expect.objectContaining({ warnings: [CONTENT_NODE_WARNINGS.urlChangeAutoPublishes, CONTENT_NODE_WARNINGS.runPendingRewriteBatches] }),
    );
  });
});

describe("stale saves", () => {
  it("a save against an old expected_version is refused with who saved since", () => {
    spec.given([created, published]).when(save({ name: "X" }, { expectedVersion: 0 })).thenThrows("STALE_VERSION");
  });
  it("a save with the current expected_version goes through", () => {
    spec.given([created]).when(save({ name: "X" }, { expectedVersion: 0 })).then([{ type: "ContentNodeSaved", data: { id: 7, changes: { name: "X" }, version: 1, savedAt: at, by: edna } }]);
  });
});

describe("keyword links", () => {
  it("linking a keyword twice records it once", () => {
    spec.given([created, { type: "ContentNodeKeywordLinked", data: { id: 7, keywordId: 2 } }]).when({ type: "LinkKeyword", data: { keywordId: 2 } }).then([]);
  });
  it("unlinking a linked keyword records the unlink", () => {
    spec
      .given([created, { type: "ContentNodeKeywordLinked", data: { id: 7, keywordId: 2 } }])
      .when({ type: "UnlinkKeyword", data: { keywordId: 2 } })
      .then([{ type: "ContentNodeKeywordUnlinked", data: { id: 7, keywordId: 2 } }]);
  });
});
