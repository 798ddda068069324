import { skipToken } from "@reduxjs/toolkit/query";
import { Link, useParams, useSearchParams } from "react-router";
import { useGetNodeQuery } from "../content/contentNodeApi";
import { NODE_KINDS, nodeArg, type NodeKind, type NodeModel } from "../content/nodeKinds";
import { EMPTY_PAGE_VALUES } from "../content/pageFieldValues";
import { FIELD_LABELS, toFormValues, type FieldName } from "../content/nodeFormValues";
import { useNodeAtQuery, useNodeHistoryQuery, type HistoryItem } from "./historyApi";
import { SiteTime } from "../site-time/SiteTime";
import { useSiteTimeZone } from "../site-time/siteApi";
import { REFERENCE_LOOKUPS, ReferenceNames } from "./ReferenceNames";
import "./history.css";

const EVENT_NAMES: Record<string, string> = {
  ContentNodeCreated: "Created",
  ContentNodeSaved: "Saved",
  ContentNodePublished: "Published",
  ContentNodeStatusChanged: "Status changed",
  ContentNodeArchived: "Archived",
  ContentNodeKeywordLinked: "Keyword added",
  ContentNodeKeywordUnlinked: "Keyword removed",
  ContributorRoleAdded: "Contributor added",
  ContributorRoleChanged: "Contributor changed",
  ContributorRoleRemoved: "Contributor removed",
  ContributorRolesRenumbered: "Contributors reordered",
  PendingRewriteBatchRecorded: "Rewrite batch recorded",
  MenuNodeCreated: "Created",
  MenuNodeSaved: "Saved",
  MenuNodePublished: "Published",
  MenuNodeStatusChanged: "Status changed",
  MenuNodeArchived: "Archived",
};

/** The form's labels, and the status an event may change with the fields. */
const CHANGED_FIELD_LABELS: Record<string, string> = { ...FIELD_LABELS, status: "Status" };

/**
 * /admin/content/contentnode/{id}/history/ and /admin/tree/menunode/{id}/history/ (and ?at={version}):
 * the node's events and any earlier version, read-only.
 */
export function HistoryPage({ model = "contentnode" }: { model?: NodeModel }) {
  const kind = NODE_KINDS[model];
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const atText = params.get("at");
  const at = atText !== null && /^\d+$/.test(atText) ? Number(atText) : null;
  const { data: node } = useGetNodeQuery(nodeArg(model, id));
  const { data: items, isLoading, isError } = useNodeHistoryQuery(nodeArg(model, id));
  return (
    <>
      <div className="page-heading">
        <p className="breadcrumbs">
          <Link to={kind.adminPath}>{kind.title}</Link> ›{" "}
          <Link to={`${kind.adminPath}${id}/`}>{node?.name ?? `#${id}`}</Link>
        </p>
        <h1>History{node ? ` of ${node.name}` : ""}</h1>
      </div>
      {at !== null && <VersionView id={id} at={at} kind={kind} />}
      <section className="card" aria-labelledby="events-heading">
        <h2 id="events-heading">Events, newest first</h2>
        {isLoading && (
          <p role="status" className="muted">
            Loading…
          </p>
        )}
        {isError && <p role="alert">The history could not be loaded.</p>}
        {items && (
          <ol className="history-list">
            {items.map((item) => (
              <HistoryEntry key={item.position} item={item} current={item.position === at} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function HistoryEntry({ item, current }: { item: HistoryItem; current: boolean }) {
  const fields = item.changed_fields.map((f) => CHANGED_FIELD_LABELS[f] ?? f).join(", ");
  return (
    <li className={current ? "history-item current" : "history-item"}>
      <div>
        <strong>{EVENT_NAMES[item.type] ?? item.type}</strong> by {item.user?.name || "System"} ·{" "}
        <SiteTime iso={item.time} seconds />
      </div>
      {fields && <div className="muted">Changed: {fields}</div>}
      <div>
        {current ? (
          <span aria-current="true">Showing version {item.position}</span>
        ) : (
          <Link to={`?at=${item.position}`}>View version {item.position}</Link>
        )}
      </div>
    </li>
  );
}

/** A reference field's value as the form holds it ('' , '7' or '3,1') → its ids. */
const idsOf = (text: string) =>
  text
    .split(",")
    .filter((part) => /^\d+$/.test(part))
    .map(Number);

const PAGE_FIELD_NAMES = new Set<string>(Object.keys(EMPTY_PAGE_VALUES));

/** Every field but the body, which comes last across the whole width. */
const SHORT_FIELDS = (Object.keys(FIELD_LABELS) as FieldName[]).filter((field) => field !== "body");

function VersionView({ id, at, kind }: { id: number; at: number; kind: NodeKind }) {
  const { data, isError, isFetching } = useNodeAtQuery(Number.isFinite(id) ? { id, at, model: kind.model } : skipToken);
  const zone = useSiteTimeZone();
  if (isError) return <p role="alert">Version {at} does not exist.</p>;
  if (!data || !zone)
    return (
      <p role="status" className="muted">
        {isFetching ? "Loading…" : ""}
      </p>
    );
  const values = toFormValues(data, zone);
  const shown = (field: FieldName) => {
    // A node's parent is a node of its own kind.
    const lookup = field === "parent" ? kind.api : REFERENCE_LOOKUPS[field];
    if (lookup) return <ReferenceNames api={lookup} ids={idsOf(values[field])} />;
    const time = field === "published" || field === "last_published" ? data[field] : null;
    return time ? <SiteTime iso={time} /> : values[field] || "—";
  };
  return (
    <section className="card version-view" aria-labelledby="version-heading">
      <div className="card-heading">
        <h2 id="version-heading">Version {at} (read-only)</h2>
        <Link to="?">Close</Link>
      </div>
      <dl className="version-fields">
        {SHORT_FIELDS.filter((field) => kind.pageFields || !PAGE_FIELD_NAMES.has(field)).map((field) => (
          <div key={field}>
            <dt>{FIELD_LABELS[field]}</dt>
            <dd>{shown(field)}</dd>
          </div>
        ))}
        <div>
          <dt>Status</dt>
          <dd>{data.status}</dd>
        </div>
        <div className="version-body-field">
          <dt>{FIELD_LABELS.body}</dt>
          <dd className="version-body">{values.body || "—"}</dd>
        </div>
      </dl>
    </section>
  );
}
