// Business constants from back-office §9 (and a few from §3-§5) that the server and the UI both need.

/** Scripture translations offered by the toolbox's scripture tag, in the order shown. */
export const SCRIPTURE_TRANSLATIONS = [
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
] as const;
export type ScriptureTranslation = (typeof SCRIPTURE_TRANSLATIONS)[number];
export const DEFAULT_SCRIPTURE_TRANSLATION: ScriptureTranslation = "NKJV";

/** Who may see restricted content; 'choosegroup' requires a group to be chosen. */
export const RESTRICT_CONTENT_MODES = ["anonymous", "authenticated", "staff", "choosegroup"] as const;
export type RestrictContentMode = (typeof RESTRICT_CONTENT_MODES)[number];
export const DEFAULT_RESTRICT_CONTENT_MODE: RestrictContentMode = "authenticated";

/** Choices of the toolbox's related-content-nodes tag. */
export const RELATED_NODE_OPTIONS = {
  relationTypes: ["child", "sibling", "parents"],
  relationFilters: ["real", "adoptive", "both"],
  collectionFilters: ["collection", "item", "both"],
  defaultCollectionFilter: "both",
  /** The count is typed with at most this many digits. */
  maxCountDigits: 4,
} as const;

/** What the toolbox's embed-media tag can embed. */
export const EMBED_MEDIA_TYPES = ["item", "itemlistall", "file"] as const;
export type EmbedMediaType = (typeof EMBED_MEDIA_TYPES)[number];

/** Template tags the toolbox inserts. */
export const TOOLBOX_TAGS = [
  "get_urls",
  "embed_media",
  "footnote",
  "footnote_index",
  "scripture",
  "get_related_contentnodes",
] as const;

/** Longest short description, in characters, before the editor is warned. */
export const SHORT_DESCRIPTION_LIMIT = 160;
/** A keyword word appearing more than this many times in the keyword list is warned about. */
export const KEYWORD_REPEAT_THRESHOLD = 4;
/** The content type id scheduled actions (cmsactionevent) are recorded against. */
export const SCHEDULED_ACTION_CONTENT_TYPE = 143;
/** Contributor sort_order is the list position times this step. */
export const CONTRIBUTOR_SORT_ORDER_STEP = 10;
/** Results returned by the keyword search. */
export const KEYWORD_SEARCH_RESULT_COUNT = 25;

/** Record picker limits. */
export const PICKER = {
  minimumSearchLength: 3,
  defaultResultCount: 100,
  autocompleteResultCount: 10,
  autocompleteDebounceMs: 200,
  /** Long id lists are split into requests whose id part is about this long. */
  idRequestUrlChunkLength: 1000,
  addPopup: { width: 800, height: 600 },
} as const;

/** Page links shown before the pagination window starts to move. */
export const PAGINATION_MAX_LINKS = 20;

/** Lock reasons come as id and title; reason 1 is the automatic lock released on page unload. */
export const DEFAULT_LOCK_REASON = { id: 1, title: "Automatic" } as const;

/** A content page's status. */
export const CONTENT_STATUSES = ["Beta", "Live", "Changes Pending", "Archive"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Donation campaign thermometers. */
export const DEFAULT_CAMPAIGN_SLUG = "ark-main";
export const THERMOMETER_REFRESH_MS = 120_000;
