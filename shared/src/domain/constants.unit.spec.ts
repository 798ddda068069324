import { describe, expect, it } from "vitest";
import * as C from "./constants.ts";

describe("business constants match back-office §9", () => {
  it.each([
    ["short description limit is 160 characters", C.SHORT_DESCRIPTION_LIMIT, 160],
    ["keywords repeated more than 4 times are warned about", C.KEYWORD_REPEAT_THRESHOLD, 4],
    ["scheduled actions use content type 143", C.SCHEDULED_ACTION_CONTENT_TYPE, 143],
    ["contributor sort_order steps by 10", C.CONTRIBUTOR_SORT_ORDER_STEP, 10],
    ["keyword search returns 25 results", C.KEYWORD_SEARCH_RESULT_COUNT, 25],
    ["picker search needs 3 characters", C.PICKER.minimumSearchLength, 3],
    ["picker default result count is 100", C.PICKER.defaultResultCount, 100],
    ["autocomplete shows 10 results", C.PICKER.autocompleteResultCount, 10],
    ["autocomplete waits 200 ms", C.PICKER.autocompleteDebounceMs, 200],
    ["id requests are split at about 1000 characters", C.PICKER.idRequestUrlChunkLength, 1000],
    ["pagination shows up to 20 page links", C.PAGINATION_MAX_LINKS, 20],
    ["thermometers refresh every 120000 ms", C.THERMOMETER_REFRESH_MS, 120_000],
    ["the default campaign is ark-main", C.DEFAULT_CAMPAIGN_SLUG, "ark-main"],
    ["scripture defaults to NKJV", C.DEFAULT_SCRIPTURE_TRANSLATION, "NKJV"],
    ["restricted content defaults to authenticated", C.DEFAULT_RESTRICT_CONTENT_MODE, "authenticated"],
    ["related nodes default to both collections and items", C.RELATED_NODE_OPTIONS.defaultCollectionFilter, "both"],
    ["related node count has up to 4 digits", C.RELATED_NODE_OPTIONS.maxCountDigits, 4],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    [
      "scripture translations, NKJV first",
      C.SCRIPTURE_TRANSLATIONS,
      [
        "NKJV",
        "KJV",
        "ESV",
        "NASB",
        "NIV",
        "TNIV",
        "NLT",
        "AMP",
        "ASV",
        "DARBY",
        "GW",
        "HCSB",
        "LEB",
        "MESSAGE",
        "NCV",
        "NIRV",
        "DOUAYRHEIMS",
        "YLT",
      ],
    ],
    ["restrict-content modes", C.RESTRICT_CONTENT_MODES, ["anonymous", "authenticated", "staff", "choosegroup"]],
    ["related-node relation types", C.RELATED_NODE_OPTIONS.relationTypes, ["child", "sibling", "parents"]],
    ["related-node relation filters", C.RELATED_NODE_OPTIONS.relationFilters, ["real", "adoptive", "both"]],
    ["related-node collection filters", C.RELATED_NODE_OPTIONS.collectionFilters, ["collection", "item", "both"]],
    ["embed media types", C.EMBED_MEDIA_TYPES, ["item", "itemlistall", "file"]],
    [
      "toolbox tags",
      C.TOOLBOX_TAGS,
      ["get_urls", "embed_media", "footnote", "footnote_index", "scripture", "get_related_contentnodes"],
    ],
    ["content statuses", C.CONTENT_STATUSES, ["Beta", "Live", "Changes Pending", "Archive"]],
  ])("%s", (_rule, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it("the default lock reason is 1, 'Automatic'", () => {
    expect(C.DEFAULT_LOCK_REASON).toEqual({ id: 1, title: "Automatic" });
  });
});
