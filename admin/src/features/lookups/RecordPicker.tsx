import { useEffect, useId, useMemo, useRef, useState } from "react";
import { addUrlForLookup, BACK_OFFICE_MESSAGES, PICKER } from "@shop/shared";
import { WEB_TEAM_CONTACT } from "../../platform/webTeamContact";
import { PickerResults } from "./PickerResults";
import { PickerSearchBox } from "./PickerSearchBox";
import { PickerSelected, type PickerRow } from "./PickerSelected";
import { useLazyPickerSearchQuery, usePickerItemsQuery, type PickerItem } from "./pickerApi";
import "./recordPicker.css";

type Common = {
  /** The lookup base, e.g. /admin/api/content/contentnode/ */
  api: string;
  label: string;
  /**
   * The fields Find and autocomplete search (All ORs over each) and the search-field dropdown offers
   * (shown for two or more). They must be fields the lookup searches; none: the lookup's own.
   */
  searchFields?: string[];
  /** Extra columns of the results table. */
  displayFields?: string[];
  /**
   * Foreign keys among displayFields that the lookup adds as sub-objects when asked (`__include`):
   * their column shows the related record's name instead of its id.
   */
  include?: string[];
  /**
   * The add-another link, opened in an 800x600 popup. Left out: the add page of the lookup's records if
   * this back office has one (`addUrlForLookup`); null: no link.
   */
  addUrl?: string | null;
  filters?: Record<string, string | number | boolean | null>;
  /** Ids never offered (e.g. the node itself). */
  exclude?: number[];
  /** Who is named in the search-failure alert; the web team's contact unless a picker says otherwise. */
  maintainerName?: string;
  id?: string;
};
type Multiple = Common & {
  multiple: true;
  value: number[];
  onChange(value: number[]): void;
  /** The saved ids the pending rows are measured against; defaults to the first value seen. */
  savedValue?: number[];
};
type Single = Common & {
  multiple?: false;
  value: number | null;
  onChange(value: number | null): void;
  savedValue?: number | null;
};
export type RecordPickerProps = Multiple | Single;

/** What an add-another popup posts to the window that opened it once the new record is saved. */
const ADDED_MESSAGE = "record-picker:added";

/** Whether this page was opened by a picker's add-another link. */
export const isAddPopup = () => new URLSearchParams(window.location.search).has("_popup");

/**
 * Called by an add form opened as a popup, after it saved: hands the new id to the picker that opened
 * it (Django's dismissAddAnotherPopup) and closes. False when there is no opener to hand it to.
 */
export function handBackToOpener(id: number): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  opener.postMessage(
    { type: ADDED_MESSAGE, picker: new URLSearchParams(window.location.search).get("_picker"), id },
    window.location.origin,
  );
  window.close();
  return true;
}

const numeric = (ids: unknown[]) =>
  ids.filter((id): id is number => typeof id === "number" && Number.isSafeInteger(id) && id > 0);

/** The record picker (back-office §2 item 2, §4 "Picker rows") for a foreign key or a many-to-many field. */
export function RecordPicker(props: RecordPickerProps) {
  const {
    api,
    label,
    searchFields = [],
    displayFields = [],
    include,
    filters,
    exclude = [],
    maintainerName = WEB_TEAM_CONTACT,
  } = props;
  const addUrl = props.addUrl === undefined ? addUrlForLookup(api) : (props.addUrl ?? undefined);
  const generatedId = useId();
  const id = props.id ?? `picker${generatedId.replace(/:/g, "")}`;
  const current = numeric(props.multiple ? props.value : [props.value]);
  const firstSeen = useRef(current);
  const saved = numeric(
    props.savedValue === undefined ? firstSeen.current : props.multiple ? (props.savedValue ?? []) : [props.savedValue],
  );

  const [known, setKnown] = useState(() => new Map<number, PickerItem>());
  const [text, setText] = useState("");
  const [field, setField] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const [results, setResults] = useState<{ items: PickerItem[]; total: number } | null>(null);
  const [search, { isFetching }] = useLazyPickerSearchQuery();

  // The ids as one string: a new array each render, the same list keeps the same memo (and query argument).
  const idsKey = [...new Set([...current, ...saved])].sort((a, b) => a - b).join();
  const wanted = useMemo(
    () => (idsKey === "" ? [] : idsKey.split(",").map(Number)).filter((n) => !known.has(n)),
    [idsKey, known],
  );
  const { data: loaded } = usePickerItemsQuery({ api, ids: wanted, include }, { skip: wanted.length === 0 });
  const itemOf = (n: number) => known.get(n) ?? loaded?.find((item) => item.id === n);

  const rows: PickerRow[] = props.multiple
    ? [
        ...current.map((n) => ({
          id: n,
          state: saved.includes(n) ? ("existing" as const) : ("pending-addition" as const),
          item: itemOf(n),
        })),
        ...saved
          .filter((n) => !current.includes(n))
          .map((n) => ({ id: n, state: "pending-deletion" as const, item: itemOf(n) })),
      ]
    : current.length
      ? current.map((n) => ({
          id: n,
          state: saved.includes(n) ? ("existing" as const) : ("pending-addition" as const),
          item: itemOf(n),
        }))
      : // A foreign key whose saved value was removed shows it struck through, so + can bring it back.
        saved.map((n) => ({ id: n, state: "pending-deletion" as const, item: itemOf(n) }));

  const remember = (item: PickerItem) => setKnown((map) => new Map(map).set(item.id, item));
  const setIds = (ids: number[]) => (props.multiple ? props.onChange(ids) : props.onChange(ids[0] ?? null));
  const excluded = [...new Set([...current, ...numeric(exclude)])];
  // Everything a search sends but the text: Find and the autocomplete both take it from here.
  const base = { api, field, exclude: excluded, filters, searchFields, include };

  const add = (item: PickerItem) => {
    remember(item);
    // A foreign key holds one value: the new one replaces it.
    setIds(props.multiple ? [...current.filter((n) => n !== item.id), item.id] : [item.id]);
    setResults((r) => (r ? { ...r, items: r.items.filter((i) => i.id !== item.id) } : r));
  };
  const remove = (n: number) => setIds(current.filter((c) => c !== n));
  const restore = (n: number) => setIds(props.multiple ? [...current, n] : [n]);

  // The record an add-another popup created joins the selection (it replaces a foreign key's value).
  const latest = useRef({ current, setIds, multiple: props.multiple });
  latest.current = { current, setIds, multiple: props.multiple };
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; picker?: string; id?: unknown } | null;
      if (event.origin !== window.location.origin || data?.type !== ADDED_MESSAGE || data.picker !== id) return;
      if (typeof data.id !== "number" || !Number.isSafeInteger(data.id) || data.id <= 0) return;
      const { current: now, setIds: set, multiple } = latest.current;
      set(multiple ? [...now.filter((n) => n !== data.id), data.id as number] : [data.id as number]);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [id]);

  const find = async () => {
    const query = text.trim();
    if (query.length < PICKER.minimumSearchLength) {
      setNotice(BACK_OFFICE_MESSAGES.pickerSearchTooShort);
      return;
    }
    setNotice(null);
    const answer = await search({ ...base, query }, false);
    if (answer.error || !answer.data) {
      setResults(null);
      setNotice(BACK_OFFICE_MESSAGES.pickerSearchFailed(maintainerName));
      return;
    }
    // Already selected and excluded ids never show, even if the server sent them.
    setResults({ items: answer.data.items.filter((item) => !excluded.includes(item.id)), total: answer.data.total });
  };

  const clear = () => {
    setText("");
    setResults(null);
    setNotice(null);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset here would take the node form's fieldset reset (no border, no padding)
    <div className="record-picker" role="group" aria-labelledby={`${id}-label`} data-testid={`picker-${label}`}>
      <span id={`${id}-label`} className="picker-label">
        {label}
      </span>
      <PickerSelected label={label} rows={rows} onRemove={remove} onRestore={restore} />
      <div className="picker-search">
        {searchFields.length > 1 && (
          <select
            aria-label={`Search field for ${label}`}
            value={field}
            onChange={(event) => setField(event.target.value)}
          >
            <option value="">All</option>
            {searchFields.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        )}
        <PickerSearchBox
          id={`${id}-search`}
          label={label}
          text={text}
          onText={setText}
          base={base}
          onFind={find}
          onPick={add}
        />
        <button type="button" onClick={find} disabled={isFetching}>
          Find
        </button>
      </div>
      <div className="picker-links">
        <button type="button" className="link-button" onClick={clear}>
          Clear search
        </button>
        {addUrl && (
          <a
            href={addUrl}
            onClick={(event) => {
              event.preventDefault();
              const { width, height } = PICKER.addPopup;
              const url = `${addUrl}${addUrl.includes("?") ? "&" : "?"}_popup=1&_picker=${encodeURIComponent(id)}`;
              window.open(url, `add_${id}`, `width=${width},height=${height},resizable=yes,scrollbars=yes`);
            }}
          >
            Add another {label}
          </a>
        )}
      </div>
      {notice && (
        <p className="picker-notice" role="alert">
          {notice}
        </p>
      )}
      {results && (
        <PickerResults
          label={label}
          items={results.items}
          total={results.total}
          displayFields={displayFields}
          onAdd={add}
        />
      )}
    </div>
  );
}
