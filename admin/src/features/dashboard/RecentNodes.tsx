import { Link } from "react-router";
import { listArg, useListRecordsQuery } from "../lists/listApi";
import { LIST_MODELS } from "../lists/listModels";

const NODES = LIST_MODELS["content/contentnode"]!;

/** The content nodes edited last, newest first; saves and status changes elsewhere update it live. */
export function RecentNodes() {
  const { data, isLoading, isError } = useListRecordsQuery(
    listArg(NODES, { start: 0, count: 8, sort: "-updated_at", q: "" }),
  );
  return (
    <section className="card" aria-labelledby="recent-nodes-heading">
      <div className="card-heading">
        <h2 id="recent-nodes-heading">Recently edited</h2>
        <Link to="/content/contentnode/?sort=-updated_at">All content nodes</Link>
      </div>
      {isLoading && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {isError && <p role="alert">Recently edited nodes could not be loaded.</p>}
      {data && (
        <ul className="dashboard-list">
          {data.items.map((row) => (
            <li key={row.id}>
              <Link to={`/content/contentnode/${row.id}/`}>{String(row.name)}</Link>
              <span className={`status-chip status-${String(row.status).toLowerCase().replace(/\s+/g, "-")}`}>
                {String(row.status)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
