import { useId, useState } from "react";
import { BACK_OFFICE_MESSAGES } from "@shop/shared";
import { WarningsDialog } from "../warnings/WarningsDialog";
import { KeywordTable, type KeywordRow } from "./KeywordTable";
import {
  linkWarnings,
  useCreateKeywordMutation,
  useLazyKeywordSearchQuery,
  useLazyParentKeywordIdsQuery,
  useLinkKeywordMutation,
  useNodeKeywordsQuery,
  type KeywordStats,
} from "./keywordApi";
import "./keywordEditor.css";

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
  const id = `keywords${useId().replace(/:/g, "")}`;
  const { data: current = [], isLoading } = useNodeKeywordsQuery(nodeId ?? 0, { skip: nodeId === null });
  const [search, { data: found, isFetching: searching, originalArgs: searched }] = useLazyKeywordSearchQuery();
  const [loadParent, { isFetching: loadingParent }] = useLazyParentKeywordIdsQuery();
  const [createKeyword] = useCreateKeywordMutation();
  const [link] = useLinkKeywordMutation();
  const [text, setText] = useState("");
  const [offerCreate, setOfferCreate] = useState<string | null>(null);
  const [pendingNew, setPendingNew] = useState<KeywordRow[]>([]);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [status, setStatus] = useState("");
  // Links the server warned about (a word repeated too often), waiting for 'Continue (ignore warnings)'.
  const [held, setHeld] = useState<{ keywords: number[]; warnings: string[] } | null>(null);

  if (nodeId === null) return <p className="muted">Save the page first, then add its keywords.</p>;

  const currentIds = new Set(current.map((k) => k.id));
  const rows: KeywordRow[] = [...current.map((k) => ({ ...k, state: "exists" as const })), ...pendingNew];
  const results = (found ?? []).filter((k) => !currentIds.has(k.id));

  const runSearch = async () => {
    const query = text.trim();
    if (!query) return;
    setFailure(null);
    const answer = await search(query)
      .unwrap()
      .catch(() => null);
    if (answer === null) return setStatus(BACK_OFFICE_MESSAGES.adminApiBroken);
    const exact = answer.some((k) => k.name.toLowerCase() === query.toLowerCase());
    setOfferCreate(exact ? null : query);
  };

  /** Links one keyword; a warning holds it back (answered by the dialog) instead of failing. */
  const linkOne = async (keyword: number): Promise<string[] | "linked"> => {
    try {
      await link({ nodeId, keyword, link: true }).unwrap();
      return "linked";
    } catch (error) {
      const warnings = linkWarnings(error);
      if (warnings) return warnings;
      throw error;
    }
  };
  const hold = (keywords: number[], warnings: string[]) =>
    warnings.length && setHeld({ keywords, warnings: [...new Set(warnings)] });

  const add = async (keyword: KeywordStats) => {
    const answer = await linkOne(keyword.id).catch(() => setStatus(BACK_OFFICE_MESSAGES.adminApiBroken));
    if (Array.isArray(answer)) hold([keyword.id], answer);
  };

  const continueHeld = async () => {
    if (!held) return;
    for (const keyword of held.keywords)
      await link({ nodeId, keyword, link: true, ignoreWarnings: true })
        .unwrap()
        .catch(() => setStatus(BACK_OFFICE_MESSAGES.adminApiBroken));
    setHeld(null);
  };

  const create = async (name: string) => {
    setOfferCreate(null);
    const row: KeywordRow = { id: -Date.now(), name, slug: "", our_uses: 0, monthly_searches: 0, state: "new" };
    setPendingNew((list) => [...list.filter((r) => r.name !== name), row]);
    try {
      const created = await createKeyword(name).unwrap();
      const answer = await linkOne(created.id);
      setPendingNew((list) => list.filter((r) => r.name !== name));
      setFailure(null);
      if (Array.isArray(answer)) hold([created.id], answer);
      else setStatus(`Keyword "${name}" created and added.`);
    } catch (error) {
      setFailure(errorLines(error));
    }
  };

  const addParentKeywords = async () => {
    if (parentId === null) return;
    const ids = await loadParent(parentId)
      .unwrap()
      .catch(() => null);
    if (ids === null) return setStatus(BACK_OFFICE_MESSAGES.adminApiBroken);
    const missing = ids.filter((k) => !currentIds.has(k));
    const warned: number[] = [];
    const warnings: string[] = [];
    for (const keyword of missing) {
      const answer = await linkOne(keyword).catch(() => "linked" as const);
      if (Array.isArray(answer)) {
        warned.push(keyword);
        warnings.push(...answer);
      }
    }
    hold(warned, warnings);
    setStatus(
      missing.length
        ? `Added ${missing.length} parent keyword${missing.length === 1 ? "" : "s"}.`
        : "The parent has no other keywords.",
    );
  };

  return (
    <div className="keyword-editor">
      <KeywordTable
        caption="Current keywords"
        rows={rows}
        body={body}
        empty={isLoading ? "Loading keywords…" : "No keywords yet."}
        action={(row) =>
          row.state === "new" ? (
            <button type="button" onClick={() => create(row.name)}>
              Retry
            </button>
          ) : (
            <button
              type="button"
              aria-label={`Remove keyword ${row.name}`}
              onClick={() => link({ nodeId, keyword: row.id, link: false })}
            >
              Remove
            </button>
          )
        }
      />
      {failure && (
        <div className="error-summary" role="alert">
          <p>{BACK_OFFICE_MESSAGES.keywordCreationFailed}</p>
          <ul>
            {(failure.length ? failure : [BACK_OFFICE_MESSAGES.noErrorMessagesGiven]).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
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
              if (e.key === "Enter") {
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
          </button>{" "}
          <button type="button" onClick={() => setOfferCreate(null)}>
            Use an existing keyword
          </button>
        </div>
      )}
      {searched !== undefined && (
        <KeywordTable
          caption={`Search results for "${searched}"`}
          rows={results.map((k) => ({ ...k, state: "exists" as const }))}
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
      {held && <WarningsDialog warnings={held.warnings} onContinue={continueHeld} onCancel={() => setHeld(null)} />}
    </div>
  );
}
