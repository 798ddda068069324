import { useId, useState } from 'react';
import { BACK_OFFICE_MESSAGES } from '@shop/shared';
import { KeywordTable, type KeywordRow } from './KeywordTable';
import {
  useCreateKeywordMutation,
  useLazyKeywordSearchQuery,
  useLazyParentKeywordIdsQuery,
  useLinkKeywordMutation,
  useNodeKeywordsQuery,
  type KeywordStats,
} from './keywordApi';
import './keywordEditor.css';

type Props = {
  nodeId: number | null;
  /** The page body as it is being edited: rows whose keyword it never uses are flagged missing. */
  body: string;
  /** The node's parent, for 'Add Parent Keywords'. */
  parentId?: number | null;
};

const errorLines = (error: unknown): string[] => {
  const data = (error as { data?: { metadata?: { errors?: unknown } } })?.data;
  const errors = data?.metadata?.errors;
  return Array.isArray(errors) ? errors.map(String) : [];
};

/** The keyword editor (back-office §2 item 9): the node's keywords, a search, creating a missing keyword, the parent's keywords. */
export function KeywordEditor({ nodeId, body, parentId = null }: Props) {
  const id = `keywords${useId().replace(/:/g, '')}`;
  const { data: current = [], isLoading } = useNodeKeywordsQuery(nodeId ?? 0, { skip: nodeId === null });
  const [search, { data: found, isFetching: searching, originalArgs: searched }] = useLazyKeywordSearchQuery();
  const [loadParent, { isFetching: loadingParent }] = useLazyParentKeywordIdsQuery();
  const [createKeyword] = useCreateKeywordMutation();
  const [link] = useLinkKeywordMutation();
  const [text, setText] = useState('');
  const [offerCreate, setOfferCreate] = useState<string | null>(null);
  const [pendingNew, setPendingNew] = useState<KeywordRow[]>([]);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [status, setStatus] = useState('');

  if (nodeId === null) return <p className="muted">Save the page first, then add its keywords.</p>;

  const currentIds = new Set(current.map((k) => k.id));
  const rows: KeywordRow[] = [...current.map((k) => ({ ...k, state: 'exists' as const })), ...pendingNew];
  const results = (found ?? []).filter((k) => !currentIds.has(k.id));

  const runSearch = async () => {
    const query = text.trim();
    if (!query) return;
    setFailure(null);
    const answer = await search(query).unwrap().catch(() => null);
    if (answer === null) return setStatus(BACK_OFFICE_MESSAGES.adminApiBroken);
    const exact = answer.some((k) => k.name.toLowerCase() === query.toLowerCase());
    setOfferCreate(exact ? null : query);
  };

  const add = async (keyword: KeywordStats) => {
    await link({ nodeId, keyword: keyword.id, link: true }).unwrap().catch(() => setStatus(BACK_OFFICE_MESSAGES.adminApiBroken));
  };

  const create = async (name: string) => {
    setOfferCreate(null);
    const row: KeywordRow = { id: -Date.now(), name, slug: '', our_uses: 0, monthly_searches: 0, state: 'new' };
    setPendingNew((list) => [...list.filter((r) => r.name !== name), row]);
    try {
      const created = await createKeyword(name).unwrap();
      await link({ nodeId, keyword: created.id, link: true }).unwrap();
      setPendingNew((list) => list.filter((r) => r.name !== name));
      setFailure(null);
      setStatus(`Keyword "${name}" created and added.`);
    } catch (error) {
      setFailure(errorLines(error));
    }
  };

  const addParentKeywords = async () => {
    if (parentId === null) return;
    const ids = await loadParent(parentId).unwrap().catch(() => null);
    if (ids === null) return setStatus(BACK_OFFICE_MESSAGES.adminApiBroken);
    const missing = ids.filter((k) => !currentIds.has(k));
    for (const keyword of missing) await link({ nodeId, keyword, link: true }).unwrap().catch(() => undefined);
    setStatus(missing.length ? `Added ${missing.length} parent keyword${missing.length === 1 ? '' : 's'}.` : 'The parent has no other keywords.');
  };

  return (
    <div className="keyword-editor">
      <KeywordTable
        caption="Current keywords"
        rows={rows}
        body={body}
        empty={isLoading ? 'Loading keywords…' : 'No keywords yet.'}
        action={(row) =>
          row.state === 'new' ? (
            <button type="button" onClick={() => create(row.name)}>
              Retry
            </button>
          ) : (
            <button type="button" aria-label={`Remove keyword ${row.name}`} onClick={() => link({ nodeId, keyword: row.id, link: false })}>
              Remove
            </button>
          )
        }
      />
      {failure && (
        <div className="error-summary" role="alert">
          <p>{BACK_OFFICE_MESSAGES.keywordCreationFailed}</p>
          <ul>{(failure.length ? failure : [BACK_OFFICE_MESSAGES.noErrorMessagesGiven]).map((line) => <li key={line}>{line}</li>)}</ul>
        </div>
      )}
      <div className="keyword-search">
        <label htmlFor={`${id}-search`}>Find a keyword</label>
        <div className="keyword-search-row">
          <input
            id={`${id}-search`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void runSearch();
              }
            }}
          />
          <button type="button" onClick={runSearch} disabled={searching}>
            Search
          </button>
          <button type="button" onClick={addParentKeywords} disabled={parentId === null || loadingParent}>
            Add Parent Keywords
          </button>
        </div>
      </div>
      {offerCreate && (
        <div className="keyword-offer" role="alert">
          <p>{BACK_OFFICE_MESSAGES.keywordNotFound}</p>
          <button type="button" onClick={() => create(offerCreate)}>
            Add "{offerCreate}"
          </button>{' '}
          <button type="button" onClick={() => setOfferCreate(null)}>
            Use an existing keyword
          </button>
        </div>
      )}
      {searched !== undefined && (
        <KeywordTable
          caption={`Search results for "${searched}"`}
          rows={results.map((k) => ({ ...k, state: 'exists' as const }))}
          body={body}
          empty={BACK_OFFICE_MESSAGES.noResults}
          action={(row) => (
            <button type="button" aria-label={`Add keyword ${row.name}`} onClick={() => add(row)}>
              Add
            </button>
          )}
        />
      )}
      <p role="status" className="muted">
        {status}
      </p>
    </div>
  );
}
