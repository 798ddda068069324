import { describe, expect, it } from "vitest";
import { CONTENT_NODE_ERRORS, CONTENT_NODE_WARNINGS } from "./node-messages.ts";

describe("content-node blocking errors and warnings use the spec's wording", () => {
  it.each([
    [
      CONTENT_NODE_ERRORS.publishedWithoutLastPublished,
      "All nodes with a published date must have a last published date.",
    ],
    [
      CONTENT_NODE_ERRORS.lastPublishedWithoutPublished,
      "All nodes with a last published date must have a published date.",
    ],
    [
      CONTENT_NODE_WARNINGS.shortDescriptionTooLong,
      "Your short description is too long. Please shorten it to 160 characters.",
    ],
  ])("%j", (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe("warnings the spec describes without quoting carry the facts the editor needs", () => {
  it.each([
    [
      "a repeated keyword names the word and the count",
      CONTENT_NODE_WARNINGS.repeatedKeyword("ark", 5),
      'The word "ark" appears 5 times in the keyword list.',
    ],
    ["images without alt text are counted", CONTENT_NODE_WARNINGS.imagesWithoutAlt(3), "3 images have no alt text."],
    [
      "one image without alt text reads in the singular",
      CONTENT_NODE_WARNINGS.imagesWithoutAlt(1),
      "1 image has no alt text.",
    ],
    [
      "the root-node warning says so",
      CONTENT_NODE_WARNINGS.rootNode,
      "This node has no parent, so saving it will make it a root node.",
    ],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("changing a menu node's url points to the pending rewrite batches", () => {
    expect(CONTENT_NODE_WARNINGS.urlChangeAutoPublishes).toContain("auto-publish");
    expect(CONTENT_NODE_WARNINGS.runPendingRewriteBatches).toContain("/admin/tree/pendingrewritebatch/");
  });
});
