import {
  CONTENT_NODE_ERRORS,
  CONTENT_NODE_WARNINGS,
  KEYWORD_REPEAT_THRESHOLD,
  SHORT_DESCRIPTION_LIMIT,
  type NodeFields,
} from "@shop/shared";
import type { NodeKind } from "./content-node.ts";

/** The blocking errors of back-office §5, by field (fields as the API names them). */
export function nodeErrors(fields: Pick<NodeFields, "published" | "lastPublished">): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (fields.published && !fields.lastPublished) errors.published = [CONTENT_NODE_ERRORS.publishedWithoutLastPublished];
  if (fields.lastPublished && !fields.published)
    errors.last_published = [CONTENT_NODE_ERRORS.lastPublishedWithoutPublished];
  return errors;
}

/** What a save is about to do, as the warnings need to see it. */
export interface SaveOutline {
  kind: NodeKind;
  isNew: boolean;
  before: NodeFields | null;
  /** Only the fields that really change (all of them for a new node). */
  changes: Partial<NodeFields>;
  /** Names of the node's keywords after the save, when the save sets the keyword list. */
  keywordNames?: string[];
}

/** The ignorable warnings of back-office §5, in the order the editor reads them. */
export function nodeWarnings(save: SaveOutline): string[] {
  const warnings: string[] = [];
  const { changes } = save;
  if (changes.shortDescription !== undefined && [...changes.shortDescription].length > SHORT_DESCRIPTION_LIMIT) {
    warnings.push(CONTENT_NODE_WARNINGS.shortDescriptionTooLong);
  }
  const losesParent =
    !save.isNew && save.before?.parentId != null && "parentId" in changes && changes.parentId === null;
  if ((save.isNew && changes.parentId == null) || losesParent) warnings.push(CONTENT_NODE_WARNINGS.rootNode);
  if (save.keywordNames) {
    for (const [word, times] of repeatedKeywordWords(save.keywordNames))
      warnings.push(CONTENT_NODE_WARNINGS.repeatedKeyword(word, times));
  }
  if (changes.body !== undefined) {
    const missing = imagesWithoutAlt(changes.body);
    if (missing > 0) warnings.push(CONTENT_NODE_WARNINGS.imagesWithoutAlt(missing));
  }
  if (!save.isNew && changes.url !== undefined) {
    warnings.push(CONTENT_NODE_WARNINGS.urlChangeAutoPublishes);
    if (save.kind === "menunode") warnings.push(CONTENT_NODE_WARNINGS.runPendingRewriteBatches);
  }
  return warnings;
}

/**
 * The repeated-keyword warning for linking one keyword (the keyword editor links one at a time):
 * the words of the linked keyword that the list, with it, holds more than the threshold times.
 */
export function keywordLinkWarnings(namesAfter: string[], linked: string): string[] {
  const words = new Set(linked.toLowerCase().split(WORD_BREAK));
  return repeatedKeywordWords(namesAfter)
    .filter(([word]) => words.has(word))
    .map(([word, times]) => CONTENT_NODE_WARNINGS.repeatedKeyword(word, times));
}

const WORD_BREAK = /[^\p{L}\p{N}']+/u;

/** Words (lowercased) that appear more than the threshold across the keyword names, most frequent first. */
export function repeatedKeywordWords(names: string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const name of names) {
    for (const word of name.toLowerCase().split(WORD_BREAK)) {
      if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts]
    .filter(([, n]) => n > KEYWORD_REPEAT_THRESHOLD)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Counts <img> tags whose alt attribute is missing or blank. */
export function imagesWithoutAlt(html: string): number {
  let count = 0;
  for (const match of html.matchAll(/<img\b([^>]*)>/gi)) {
    const alt = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(match[1]);
    if (!alt || (alt[1] ?? alt[2] ?? alt[3] ?? "").trim() === "") count++;
  }
  return count;
}
