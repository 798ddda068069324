import { SHORT_DESCRIPTION_LIMIT } from "../domain/constants.ts";

/** Content-node errors that block saving (back-office §5). */
export const CONTENT_NODE_ERRORS = {
  publishedWithoutLastPublished: "All nodes with a published date must have a last published date.",
  lastPublishedWithoutPublished: "All nodes with a last published date must have a published date.",
} as const;

/**
 * Content-node warnings the editor may ignore or cancel on (back-office §5). The spec quotes only
 * the short-description text; the wording of the others is ours and says what the spec describes.
 */
export const CONTENT_NODE_WARNINGS = {
  shortDescriptionTooLong: `Your short description is too long. Please shorten it to ${SHORT_DESCRIPTION_LIMIT} characters.`,
  rootNode: "This node has no parent, so saving it will make it a root node.",
  repeatedKeyword: (word: string, times: number) => `The word "${word}" appears ${times} times in the keyword list.`,
  imagesWithoutAlt: (count: number) => (count === 1 ? "1 image has no alt text." : `${count} images have no alt text.`),
  urlChangeAutoPublishes: "Changing the url of an existing node will auto-publish these changes live.",
  runPendingRewriteBatches:
    "After saving, run the pending rewrite batches at /admin/tree/pendingrewritebatch/ so the old urls redirect.",
} as const;

/** Where the pending rewrite batches are run after a menu node's url changes. */
export const PENDING_REWRITE_BATCH_URL = "/admin/tree/pendingrewritebatch/";
