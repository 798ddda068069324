import { useMemo } from "react";
import { Link } from "react-router";
import { useMeQuery } from "../accounts/accountApi";
import { useParentOptionsQuery } from "../content/contentNodeApi";
import { useLockReasonsQuery, useRecordLocksQuery } from "../locks/locksApi";

// The lookup call takes at most 500 records.
const LOOKUP_LIMIT = 500;

/** Who is editing which content node right now: the locks held, kept live by `lock:changed` pushes. */
export function EditingNow() {
  const { data: me } = useMeQuery();
  const { data: nodes } = useParentOptionsQuery();
  const { data: reasons } = useLockReasonsQuery();
  const ids = useMemo(
    () =>
      (nodes ?? [])
        .map((n) => n.id)
        .sort((a, b) => a - b)
        .slice(0, LOOKUP_LIMIT),
    [nodes],
  );
  const { data: locks } = useRecordLocksQuery(
    { app: "content", model: "contentnode", ids },
    { skip: ids.length === 0 },
  );
  const held = (nodes ?? []).flatMap((node) => {
    const lock = locks?.[node.id]?.lock;
    return lock ? [{ node, lock }] : [];
  });
  return (
    <section className="card" aria-labelledby="editing-now-heading">
      <div className="card-heading">
        <h2 id="editing-now-heading">Editing now</h2>
      </div>
      {held.length === 0 ? (
        <p className="muted">Nobody is editing a content node right now.</p>
      ) : (
        <ul className="dashboard-list" aria-live="polite">
          {held.map(({ node, lock }) => (
            <li key={node.id}>
              <span>
                <strong>{lock.user.id === String(me?.id) ? "You" : lock.user.name}</strong>{" "}
                {lock.user.id === String(me?.id) ? "are" : "is"} editing{" "}
                <Link to={`/content/contentnode/${node.id}/`}>{node.name}</Link>
              </span>
              <span className="muted">
                {reasons?.find((r) => r.id === lock.reason)?.title ?? ""}
                {lock.comment ? ` — ${lock.comment}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
