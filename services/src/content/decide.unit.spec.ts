import { describe, expect, it } from "vitest";
import type { ContentNodeEvent, NodeFields } from "@shop/shared";
import type { NodeCommand } from "./decide.ts";
import {
  action,
  at,
  created,
  edna,
  fields,
  now,
  otto,
  published,
  refusal,
  save,
  saved,
  spec,
} from "./node-spec-fixtures.ts";

describe("content status (back-office §4)", () => {
  it("given a Beta node, when published, then it is Live", () => {
    spec
      .given([created])
      .when(action("publish"))
      .then([{ type: "ContentNodePublished", data: { id: 7, publishedAt: at, by: edna } }]);
  });
  it("given a Live node, when published again, then nothing is recorded", () => {
    spec.given([created, published]).when(action("publish")).then([]);
  });
  it("given a Live node, when the async action runs, then it is Changes Pending", () => {
    spec
      .given([created, published])
      .when(action("async"))
      .then([
        {
          type: "ContentNodeStatusChanged",
          data: { id: 7, from: "Live", to: "Changes Pending", changedAt: at, by: edna },
        },
      ]);
  });
  it("given a Live node, when archived, then it is Archive", () => {
    spec
      .given([created, published])
      .when(action("archive"))
      .then([{ type: "ContentNodeArchived", data: { id: 7, archivedAt: at, by: edna } }]);
  });
  it("given a Live node, when any other action runs, then it is Beta", () => {
    spec
      .given([created, published])
      .when(action("other"))
      .then([{ type: "ContentNodeStatusChanged", data: { id: 7, from: "Live", to: "Beta", changedAt: at, by: edna } }]);
  });
  it("given no node, when an action runs, then it is refused as not found", () => {
    spec.given([]).when(action("publish")).thenThrows("NODE_NOT_FOUND");
  });
  it("given a Live node, when edited, then it first becomes Changes Pending, then saves", () => {
    spec
      .given([created, published])
      .when(save({ name: "About us" }))
      .then([
        {
          type: "ContentNodeStatusChanged",
          data: { id: 7, from: "Live", to: "Changes Pending", changedAt: at, by: edna },
        },
        saved({ name: "About us" }, 3),
      ]);
  });
  it("given a Beta node, when edited, then only the changed fields are saved with the next version", () => {
    spec
      .given([created])
      .when(save({ name: "About us", slug: "about" }))
      .then([saved({ name: "About us" })]);
  });
  it("given a node, when a save changes nothing, then nothing is recorded", () => {
    spec
      .given([created, published])
      .when(save({ name: "About" }))
      .then([]);
  });
});

describe("content node errors (back-office §5): blocking even with ignore_warnings", () => {
  it("given a node, when a published date is saved without a last published date, then it is refused with the §5 message", () => {
    expect(refusal([created], save({ published: at }, { ignoreWarnings: true }))).toMatchObject({
      code: "NODE_INVALID",
      fields: { published: ["All nodes with a published date must have a last published date."] },
    });
  });
  it("given a node, when a last published date is saved without a published date, then it is refused with the §5 message", () => {
    expect(refusal([created], save({ lastPublished: at }, { ignoreWarnings: true }))).toMatchObject({
      code: "NODE_INVALID",
      fields: { last_published: ["All nodes with a last published date must have a published date."] },
    });
  });
  it("given a node, when both dates are saved together, then they are saved", () => {
    spec
      .given([created])
      .when(save({ published: at, lastPublished: at }))
      .then([saved({ published: at, lastPublished: at })]);
  });
});

// Each ignorable warning of §5: its exact text, nothing recorded without ignore_warnings, and the exact events with it.
const WARNING_RULES: Array<{
  rule: string;
  changes: Partial<NodeFields>;
  extra?: Record<string, unknown>;
  warnings: string[];
  events: ContentNodeEvent[];
}> = [
  {
    rule: "a short description over 160 characters",
    changes: { shortDescription: "x".repeat(161) },
    warnings: ["Your short description is too long. Please shorten it to 160 characters."],
    events: [saved({ shortDescription: "x".repeat(161) })],
  },
  {
    rule: "a node losing its parent (becoming a root node)",
    changes: { parentId: null },
    warnings: ["This node has no parent, so saving it will make it a root node."],
    events: [saved({ parentId: null })],
  },
  {
    rule: "images without alt text",
    changes: { body: '<img src="a.png"><img src="b.png" alt="">' },
    warnings: ["2 images have no alt text."],
    events: [saved({ body: '<img src="a.png"><img src="b.png" alt="">' })],
  },
  {
    rule: "a url change of an existing node",
    changes: { url: "/about-us/" },
    warnings: ["Changing the url of an existing node will auto-publish these changes live."],
    events: [saved({ url: "/about-us/" })],
  },
  {
    rule: "a keyword word repeated more than 4 times",
    changes: {},
    extra: { keywordIds: [1, 2, 3, 4, 5], keywordNames: ["ark", "ark park", "noah ark", "ark model", "the ark"] },
    warnings: ['The word "ark" appears 5 times in the keyword list.'],
    events: [1, 2, 3, 4, 5].map(
      (keywordId): ContentNodeEvent => ({ type: "ContentNodeKeywordLinked", data: { id: 7, keywordId } }),
    ),
  },
];

describe("content node warnings (back-office §5): nothing saved unless ignored", () => {
  for (const { rule, changes, extra, warnings, events } of WARNING_RULES) {
    it(`given a Beta node, when a save has ${rule}, then it warns with the §5 text and records nothing`, () => {
      expect(refusal([created], save(changes, extra))).toMatchObject({
        code: "NODE_HAS_WARNINGS",
        warnings,
      });
    });
    it(`given a Beta node, when a save with ${rule} ignores warnings, then exactly its changes are recorded`, () => {
      spec
        .given([created])
        .when(save(changes, { ...extra, ignoreWarnings: true }))
        .then(events);
    });
  }
  it("given a node, when a save has several warnings, then they come back together in the editor's reading order", () => {
    const changes = { shortDescription: "x".repeat(161), parentId: null, body: '<img src="a.png">', url: "/x/" };
    expect(refusal([created], save(changes))).toMatchObject({
      warnings: [
        "Your short description is too long. Please shorten it to 160 characters.",
        "This node has no parent, so saving it will make it a root node.",
        "1 image has no alt text.",
        "Changing the url of an existing node will auto-publish these changes live.",
      ],
    });
  });
  it("given a Beta node, when the short description has exactly 160 characters, then it saves without a warning", () => {
    spec
      .given([created])
      .when(save({ shortDescription: "x".repeat(160) }))
      .then([saved({ shortDescription: "x".repeat(160) })]);
  });
  it("given no node, when a node without a parent is created, then it warns about a root node", () => {
    const command: NodeCommand = {
      type: "CreateNode",
      data: { kind: "contentnode", id: 9, fields: { ...fields, parentId: null }, ignoreWarnings: false, now, by: edna },
    };
    expect(refusal([], command)).toMatchObject({
      code: "NODE_HAS_WARNINGS",
      warnings: ["This node has no parent, so saving it will make it a root node."],
    });
  });
  it("given no node, when a node with a parent and keywords is created, then it is created and linked", () => {
    spec
      .given([])
      .when({
        type: "CreateNode",
        data: {
          kind: "contentnode",
          id: 9,
          fields,
          ignoreWarnings: false,
          now,
          by: edna,
          keywordIds: [4],
          keywordNames: ["ark"],
        },
      })
      .then([
        { type: "ContentNodeCreated", data: { id: 9, ...fields, createdAt: at, by: edna } },
        { type: "ContentNodeKeywordLinked", data: { id: 9, keywordId: 4 } },
      ]);
  });
  it("given a menu node, when its url changes, then it also warns to run the pending rewrite batches", () => {
    expect(refusal([created], save({ url: "/x/" }, { kind: "menunode" }))).toMatchObject({
      warnings: [
        "Changing the url of an existing node will auto-publish these changes live.",
        "After saving, run the pending rewrite batches at /admin/tree/pendingrewritebatch/ so the old urls redirect.",
      ],
    });
  });
  it("given a menu node, when its url change ignores warnings, then a pending rewrite batch is recorded", () => {
    spec
      .given([created])
      .when(save({ url: "/about-us/" }, { kind: "menunode", ignoreWarnings: true, rewriteBatchId: 3 }))
      .then([
        saved({ url: "/about-us/" }),
        {
          type: "PendingRewriteBatchRecorded",
          data: { batchId: 3, nodeId: 7, oldUrl: "/about/", newUrl: "/about-us/", recordedAt: at, by: edna },
        },
      ]);
  });
  it("given a Live node, when its url change ignores warnings, then the change is published at once", () => {
    spec
      .given([created, published])
      .when(save({ url: "/about-us/" }, { ignoreWarnings: true }))
      .then([
        {
          type: "ContentNodeStatusChanged",
          data: { id: 7, from: "Live", to: "Changes Pending", changedAt: at, by: edna },
        },
        saved({ url: "/about-us/" }, 3),
        { type: "ContentNodePublished", data: { id: 7, publishedAt: at, by: edna } },
      ]);
  });
});

describe("stale saves: nobody overwrites a colleague silently", () => {
  it("given a node Otto published after version 0, when Edna saves against version 0, then it is refused naming Otto, when, and the version now", () => {
    const message =
      "Otto Other saved this node at 2026-11-02T00:00:00.000Z (version 1) after you opened it. Reload it to see their changes, then save again.";
    expect(refusal([created, published], save({ name: "X" }, { expectedVersion: 0 }))).toMatchObject({
      code: "STALE_VERSION",
      message,
      savedBy: otto,
      savedAt: "2026-11-02T00:00:00.000Z",
      version: 1,
    });
  });
  it("given a node last changed by the system, when saved against an old version, then the refusal names 'Someone'", () => {
    const bySystem: ContentNodeEvent = {
      type: "ContentNodeStatusChanged",
      data: { id: 7, from: "Beta", to: "Changes Pending", changedAt: "2026-11-03T00:00:00.000Z", by: null },
    };
    expect(refusal([created, bySystem], save({ name: "X" }, { expectedVersion: 0 }))).toMatchObject({
      message:
        "Someone saved this node at 2026-11-03T00:00:00.000Z (version 1) after you opened it. Reload it to see their changes, then save again.",
      savedBy: null,
      savedAt: "2026-11-03T00:00:00.000Z",
      version: 1,
    });
  });
  it("given a node at version 0, when saved against version 0, then it is saved", () => {
    spec
      .given([created])
      .when(save({ name: "X" }, { expectedVersion: 0 }))
      .then([saved({ name: "X" })]);
  });
});

describe("keyword links", () => {
  it("given a linked keyword, when linked again, then nothing is recorded", () => {
    spec
      .given([created, { type: "ContentNodeKeywordLinked", data: { id: 7, keywordId: 2 } }])
      .when({ type: "LinkKeyword", data: { keywordId: 2 } })
      .then([]);
  });
  it("given a linked keyword, when unlinked, then the unlink is recorded", () => {
    spec
      .given([created, { type: "ContentNodeKeywordLinked", data: { id: 7, keywordId: 2 } }])
      .when({ type: "UnlinkKeyword", data: { keywordId: 2 } })
      .then([{ type: "ContentNodeKeywordUnlinked", data: { id: 7, keywordId: 2 } }]);
  });
  it("back office 2: given four keywords with a word, when a fifth with it is linked, then it is refused with the warning unless ignored", () => {
    const names = ["Flood one", "Flood two", "Flood three", "Flood four", "Flood five"];
    spec
      .given([created])
      .when({ type: "LinkKeyword", data: { keywordId: 5, keywordNames: names } })
      .thenThrows("NODE_HAS_WARNINGS");
    spec
      .given([created])
      .when({ type: "LinkKeyword", data: { keywordId: 5, keywordNames: names, ignoreWarnings: true } })
      .then([{ type: "ContentNodeKeywordLinked", data: { id: 7, keywordId: 5 } }]);
    // The list already repeats "flood"; a keyword without the word links without a warning.
    spec
      .given([created])
      .when({ type: "LinkKeyword", data: { keywordId: 6, keywordNames: [...names, "Ark"] } })
      .then([{ type: "ContentNodeKeywordLinked", data: { id: 7, keywordId: 6 } }]);
  });
});
