/** The list state a URL carries: the pager's start and count, the sort and the search. */
const LIST_STATE_KEYS = ["start", "count", "sort", "q"] as const;

/**
 * The list state of a URL. The query string is where we keep it (it survives a reload and a shared
 * link); the spec's site kept it in the hash (`#start=40&sort=-name`), so an old bookmark's hash is
 * read too. The query string wins where both say something; `fromHash` says the hash added state,
 * so the page can move it into the query string.
 */
export function listUrlState(search: string, hash: string): { params: URLSearchParams; fromHash: boolean } {
  const params = new URLSearchParams(search);
  const old = new URLSearchParams(hash.replace(/^#!?\??/, ""));
  let fromHash = false;
  for (const key of LIST_STATE_KEYS) {
    const value = old.get(key);
    if (value !== null && !params.has(key)) {
      params.set(key, value);
      fromHash = true;
    }
  }
  return { params, fromHash };
}
