/** keywords: every keyword with how many nodes use it (columns other features read: keep them). */
export interface KeywordsTable {
  id: number;
  name: string;
  slug: string;
  our_uses: number;
  monthly_searches: number;
}

/** content_node_keywords: which keywords each content node has. */
export interface ContentNodeKeywordsTable {
  node_id: number;
  keyword_id: number;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface KeywordsTables {
  keywords: KeywordsTable;
  content_node_keywords: ContentNodeKeywordsTable;
}
