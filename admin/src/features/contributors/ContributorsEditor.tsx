import { useId, useState } from "react";
import { BACK_OFFICE_MESSAGES, CONTRIBUTOR_SORT_ORDER_STEP, FORM_MESSAGES } from "@shop/shared";
import {
  useChangeContributorRoleMutation,
  useContributorRolesQuery,
  useRemoveContributorRoleMutation,
  type ContributorRole,
} from "./contributorsApi";
import { useContributorAdds } from "./useContributorAdds";
import "./contributors.css";

/** Sort order is the list position times 10 (back-office §3 "Contributor role"). */
const sortOrderAt = (index: number) => (index + 1) * CONTRIBUTOR_SORT_ORDER_STEP;

/** The node's contributors in order: add, move up/down (renumbered in steps of 10), remove. */
export function ContributorsEditor({ nodeId }: { nodeId: number | null }) {
  const id = `contributors${useId().replace(/:/g, "")}`;
  const { data: roles = [], isLoading } = useContributorRolesQuery(nodeId ?? 0, { skip: nodeId === null });
  const adds = useContributorAdds(nodeId ?? 0);
  const [changeRole] = useChangeContributorRoleMutation();
  const [removeRole] = useRemoveContributorRoleMutation();
  const [draft, setDraft] = useState({ contributor: "", role: "" });
  const [errors, setErrors] = useState<{ contributor?: boolean; role?: boolean }>({});
  const [status, setStatus] = useState("");

  if (nodeId === null) return <p className="muted">Save the page first, then add its contributors.</p>;

  const fail = () => setStatus(BACK_OFFICE_MESSAGES.adminApiBroken);

  const move = async (from: number, to: number) => {
    const order = [...roles];
    const [row] = order.splice(from, 1);
    order.splice(to, 0, row);
    // Only rows whose position changed are written.
    const changed = order
      .map((r, i) => ({ ...r, sort_order: sortOrderAt(i) }))
      .filter((r, i) => r.sort_order !== roles.find((o) => o.id === r.id)?.sort_order || i === to);
    for (const r of changed) await changeRole(r).unwrap().catch(fail);
    setStatus(`${row.contributor} moved to position ${to + 1}.`);
  };

  const add = async () => {
    const values = { contributor: draft.contributor.trim(), role: draft.role.trim() };
    const missing = { contributor: !values.contributor, role: !values.role };
    setErrors(missing);
    if (missing.contributor || missing.role) return;
    // The boxes empty at once, so the next contributor can be typed while this one is added.
    setDraft({ contributor: "", role: "" });
    if (await adds.add(values)) return setStatus(`${values.contributor} added.`);
    fail();
    setDraft((now) => (now.contributor || now.role ? now : values));
  };

  const field = (key: "contributor" | "role", label: string) => (
    <div className={errors[key] ? "field has-error" : "field"}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        value={draft[key]}
        aria-invalid={errors[key] || undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="field-error">
          {FORM_MESSAGES.required}
        </p>
      )}
    </div>
  );

  return (
    <div className="contributors">
      {isLoading ? (
        <p className="muted">Loading contributors…</p>
      ) : roles.length + adds.pending.length === 0 ? (
        <p className="muted">No contributors yet.</p>
      ) : (
        <ol className="contributor-list" aria-label="Contributors in order">
          {roles.map((r: ContributorRole, i) => (
            <li key={r.id} className="contributor-row">
              <span>
                <strong>{r.contributor}</strong> <span className="muted">— {r.role}</span>
              </span>
              <span className="contributor-actions">
                <button
                  type="button"
                  aria-label={`Move ${r.contributor} up`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={`Move ${r.contributor} down`}
                  disabled={i === roles.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${r.contributor}`}
                  onClick={() => removeRole({ id: r.id, node: nodeId }).unwrap().catch(fail)}
                >
                  ×
                </button>
              </span>
            </li>
          ))}
          {adds.pending.map((p) => (
            <li key={`pending-${p.key}`} className="contributor-row contributor-pending">
              <span>
                <strong>{p.contributor}</strong> <span className="muted">— {p.role}</span>
              </span>
              <span className="muted">Adding…</span>
            </li>
          ))}
        </ol>
      )}
      <div className="contributor-add">
        {field("contributor", "Contributor")}
        {field("role", "Role")}
        <button type="button" onClick={add} disabled={isLoading}>
          Add contributor
        </button>
      </div>
      <p role="status" className="muted">
        {status}
      </p>
    </div>
  );
}
