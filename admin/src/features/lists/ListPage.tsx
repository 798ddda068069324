import { useEffect, useMemo, type FormEvent } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { formatCents } from "@shop/shared";
import { useMeQuery } from "../accounts/accountApi";
import { LockBadge } from "../locks/LockBadge";
import { SiteTime } from "../site-time/SiteTime";
import { useSiteTimeZone } from "../site-time/siteApi";
import { useRecordLocksQuery } from "../locks/locksApi";
import { listArg, pageInBrowser, useListRecordsQuery, type ListView } from "./listApi";
import { DEFAULT_PAGE_SIZE, LIST_MODELS, type ListColumn, type ListModel, type ListRow } from "./listModels";
import { listUrlState } from "./listUrlState";
import { Pagination } from "./Pagination";
import "./lists.css";
import { SortSelect } from "./SortSelect";

const whole = (value: string | null, fallback: number) =>
  value !== null && /^-?\d+$/.test(value) ? Number(value) : fallback;

/** A model's list page: search, sortable columns, the §9 pager with `start` in the URL, live lock badges. */
export function ListPage({ modelKey }: { modelKey: string }) {
  const model = LIST_MODELS[modelKey]!;
  const [, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The query string holds the state; an old bookmark's hash (#start=40) is read too, then moved there.
  const { params, fromHash } = useMemo(
    () => listUrlState(location.search, location.hash),
    [location.search, location.hash],
  );
  useEffect(() => {
    if (fromHash) navigate({ search: `?${params}`, hash: "" }, { replace: true, state: location.state });
  }, [fromHash, params, navigate, location.state]);
  const view: ListView = {
    start: Math.max(0, whole(params.get("start"), 0)),
    count: whole(params.get("count"), DEFAULT_PAGE_SIZE),
    sort: params.get("sort") || model.defaultSort,
    q: params.get("q") ?? "",
  };
  const { data, isLoading, isFetching, isError, refetch } = useListRecordsQuery(listArg(model, view));
  const zone = useSiteTimeZone();
  // A list the browser searches waits for the zone its time columns are searched in.
  const page = !data ? undefined : model.serverSide ? data : zone ? pageInBrowser(data, model, view, zone) : undefined;

  const hrefFor = (start: number, count: number) => {
    const next = new URLSearchParams(params);
    next.set("start", String(start));
    if (count === DEFAULT_PAGE_SIZE) next.delete("count");
    else next.set("count", String(count));
    return `?${next}`;
  };
  const change = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.set("start", "0");
    setParams(next);
  };
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change({ q: String(new FormData(event.currentTarget).get("q") ?? "").trim() });
  };

  return (
    <>
      <div className="page-heading list-heading">
        <h1>{model.title}</h1>
        {model.addUrl && (
          <Link className="button-link" to={model.addUrl}>
            {model.addLabel ?? `Add ${model.title.toLowerCase().replace(/s$/, "")}`}
          </Link>
        )}
      </div>
      <section className="card" aria-labelledby="list-results-heading">
        <search>
          <form className="list-search" onSubmit={onSearch}>
            <label htmlFor="list-q" className="visually-hidden">
              Search {model.title.toLowerCase()}
            </label>
            <input id="list-q" name="q" type="search" defaultValue={view.q} key={view.q} placeholder="Search" />
            <button type="submit">Search</button>
            {view.q && (
              <button type="button" className="link-button" onClick={() => change({ q: "" })}>
                Clear search
              </button>
            )}
          </form>
        </search>
        <h2 id="list-results-heading" className="visually-hidden">
          Results
        </h2>
        {isLoading && (
          <p role="status" className="muted">
            Loading…
          </p>
        )}
        {isError && (
          <div role="alert">
            <p>The list could not be loaded.</p>
            <button type="button" onClick={() => refetch()}>
              Try again
            </button>
          </div>
        )}
        {page && (
          <>
            <p className="muted list-total" role="status" aria-busy={isFetching}>
              {page.total === 1 ? "1 result" : `${page.total} results`}
              {view.q && ` for “${view.q}”`}
            </p>
            <SortSelect model={model} sort={view.sort} onSort={(sort) => change({ sort })} />
            <RecordsTable model={model} rows={page.items} sort={view.sort} onSort={(sort) => change({ sort })} />
            <Pagination total={page.total} count={view.count} start={view.start} hrefFor={hrefFor} />
          </>
        )}
      </section>
    </>
  );
}

type TableProps = { model: ListModel; rows: ListRow[]; sort: string; onSort: (sort: string) => void };

function RecordsTable({ model, rows, sort, onSort }: TableProps) {
  const { data: me } = useMeQuery();
  // Records keyed by a slug (gamify campaigns) take no lock: only numeric ids are asked about.
  const ids = useMemo(
    () =>
      rows
        .map((row) => row.id)
        .filter((id) => Number.isSafeInteger(id) && id > 0)
        .sort((a, b) => a - b),
    [rows],
  );
  const { data: locks } = useRecordLocksQuery({ app: model.app, model: model.model, ids }, { skip: ids.length === 0 });
  if (rows.length === 0) return <p>No results found!</p>;
  return (
    <div className="table-scroll">
      <table className="records">
        <thead>
          <tr>
            {model.columns.map((column) => (
              <SortableHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
            <th scope="col">Lock</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-id={row.id}>
              {model.columns.map((column) => (
                <td key={column.key} data-label={column.label}>
                  <Cell column={column} row={row} />
                </td>
              ))}
              <td data-label="Lock" className="lock-cell">
                <LockBadge lock={locks?.[row.id]?.lock} myId={me?.id === undefined ? undefined : String(me.id)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortableHeader({
  column,
  sort,
  onSort,
}: {
  column: ListColumn;
  sort: string;
  onSort: (sort: string) => void;
}) {
  if (!column.sort) return <th scope="col">{column.label}</th>;
  const active = sort.replace(/^-/, "") === column.sort;
  const descending = active && sort.startsWith("-");
  return (
    <th scope="col" aria-sort={active ? (descending ? "descending" : "ascending") : undefined}>
      <button
        type="button"
        className="sort-button"
        onClick={() => onSort(active && !descending ? `-${column.sort}` : column.sort!)}
      >
        {column.label}
        <span aria-hidden="true">{active ? (descending ? " ▼" : " ▲") : ""}</span>
      </button>
    </th>
  );
}

function Cell({ column, row }: { column: ListColumn; row: ListRow }) {
  const value = row[column.key];
  const text = value === null || value === undefined || value === "" ? "—" : String(value);
  if (column.time && typeof value === "string" && value) return <SiteTime iso={value} />;
  if (column.money && typeof value === "number") return formatCents(value, { commas: true });
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (column.key === "status" && value)
    return <span className={`status-chip status-${text.toLowerCase().replace(/\s+/g, "-")}`}>{text}</span>;
  const href = column.link?.(row);
  return href ? <Link to={href}>{text}</Link> : text;
}
