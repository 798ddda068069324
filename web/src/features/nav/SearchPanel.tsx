import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { navigate } from "../../platform/router";
import { SUGGEST_DELAY_MS, useSuggestQuery, wantsSuggestions } from "./searchApi";
import { useOutsideClose } from "./useOutsideClose";

/** Where a search goes: the site search's results, products and pages (spec 26.4), rendered on the server. */
export const searchUrl = (q: string) => `/search/?${new URLSearchParams({ q: q.trim() })}`;

/**
 * The search panel: suggestions from GET /api/search/suggest/ (our own catalog and pages) as a list of
 * links under the box. The arrow keys move between the box and the links (plain links, so a screen
 * reader and Tab reach them too); Enter in the box searches the words.
 */
export function SearchPanel({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const [text, setText] = useState("");
  const [typed, setTyped] = useState("");
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();
  const close = useCallback(() => open && onToggle(), [open, onToggle]);
  useOutsideClose(box, open, close, () => button.current);

  useEffect(() => {
    const timer = setTimeout(() => setTyped(text.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  const { data: suggestions = [] } = useSuggestQuery(typed, { skip: !open || !wantsSuggestions(typed) });
  const shown = wantsSuggestions(text) ? suggestions : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    navigate(searchUrl(text));
    close();
  };
  const list = useRef<HTMLUListElement>(null);
  /** ArrowDown from the box to the first link; up and down between the links; up from the first back to the box. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
    if (!links.length) return;
    event.preventDefault();
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === "ArrowDown" ? Math.min(at + 1, links.length - 1) : at - 1;
    (next < 0 ? input.current : links[next])?.focus();
  };

  return (
    <div className="nav-panel search" ref={box}>
      <button
        ref={button}
        type="button"
        className="panel-toggle"
        aria-expanded={open}
        aria-controls={`${ids}panel`}
        onClick={onToggle}
      >
        Search
      </button>
      <search id={`${ids}panel`} className="nav-panel-body" hidden={!open}>
        <form action="/search/" onSubmit={submit}>
          <label htmlFor={`${ids}q`}>Search the store and site</label>
          <input
            ref={input}
            id={`${ids}q`}
            name="q"
            type="search"
            autoComplete="off"
            aria-describedby={`${ids}count`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="submit">Go</button>
          <p id={`${ids}count`} className="visually-hidden" aria-live="polite">
            {shown.length ? `${shown.length} suggestions below` : ""}
          </p>
          <ul ref={list} aria-label="Suggestions" className="suggestions" hidden={!shown.length} onKeyDown={onKeyDown}>
            {shown.map(([label, url, kind]) => (
              <li key={url}>
                <a href={url}>{label}</a>{" "}
                <span className="suggestion-kind">{kind === "product" ? "Store" : "Page"}</span>
              </li>
            ))}
          </ul>
        </form>
      </search>
    </div>
  );
}
