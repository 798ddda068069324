import { NODE_PAGE_FIELD_DEFAULTS, type ContentNodeEvent, type NodeFields } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { nodeDecider } from "./content-node.ts";
import { decideNode, type NodeCommand } from "./decide.ts";

// The node the decider specs start from, and small builders for their commands and events (test-only).
export const spec = deciderSpec(nodeDecider, decideNode);
export const now = new Date("2026-11-22T10:00:00Z");
export const at = now.toISOString();
export const edna = { id: "u1", name: "Edna Editor" };
export const otto = { id: "u2", name: "Otto Other" };
export const fields: NodeFields = {
  name: "About",
  slug: "about",
  parentId: 1,
  shortDescription: "",
  url: "/about/",
  body: "<p>About</p>",
  nodeTypeId: null,
  published: null,
  lastPublished: null,
  ...NODE_PAGE_FIELD_DEFAULTS,
};
export const created: ContentNodeEvent = {
  type: "ContentNodeCreated",
  data: { id: 7, ...fields, createdAt: "2026-11-01T00:00:00.000Z", by: edna },
};
export const published: ContentNodeEvent = {
  type: "ContentNodePublished",
  data: { id: 7, publishedAt: "2026-11-02T00:00:00.000Z", by: otto },
};
export const save = (changes: Partial<NodeFields>, extra: Record<string, unknown> = {}) =>
  ({
    type: "SaveNode",
    data: { kind: "contentnode", changes, ignoreWarnings: false, now, by: edna, ...extra },
  }) as NodeCommand;
export const action = (a: "publish" | "async" | "archive" | "other") =>
  ({ type: "ChangeStatus", data: { action: a, now, by: edna } }) as const;
export const saved = (changes: Partial<NodeFields>, version = 1): ContentNodeEvent => ({
  type: "ContentNodeSaved",
  data: { id: 7, changes, version, savedAt: at, by: edna },
});

/** The refusal a command meets on the state the events give (fails the test if it is not refused). */
export function refusal(given: ContentNodeEvent[], command: NodeCommand): Record<string, unknown> {
  const state = given.reduce(nodeDecider.evolve, nodeDecider.initialState());
  try {
    decideNode(command, state);
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error("the command was not refused");
}
