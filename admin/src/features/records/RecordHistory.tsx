import { useState } from "react";
import type { AdminModel } from "@shop/shared";
import { SiteTime } from "../site-time/SiteTime";
import { useRecordHistoryQuery } from "./recordApi";

/** Splits an event's name into words: 'SkuPriceChanged' reads 'Sku price changed'. */
const words = (type: string) => type.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/ (\w)/g, (m) => m.toLowerCase());

/** A described record's history (its versions: who changed which fields, when), opened on demand. */
export function RecordHistory({ model, id }: { model: AdminModel; id: string }) {
  const [open, setOpen] = useState(false);
  const { data: items, isError, isFetching } = useRecordHistoryQuery({ model, id }, { skip: !open });
  // Events name fields in camelCase (releaseDate); the description in the API's snake_case.
  const label = (name: string) => {
    const snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    return model.fields.find((f) => f.name === name || f.name === snake)?.label ?? snake.replace(/_/g, " ");
  };
  return (
    <section className="card" aria-labelledby="record-history-heading">
      <div className="card-heading">
        <h2 id="record-history-heading">History</h2>
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Hide" : "Show"} history
        </button>
      </div>
      {open && isFetching && !items && (
        <p role="status" className="muted">
          Loading…
        </p>
      )}
      {open && isError && <p role="alert">The history could not be loaded.</p>}
      {open && items && (
        <ol className="history-list record-history">
          {items.map((item) => (
            <li key={item.version}>
              <strong>{words(item.type)}</strong> · <SiteTime iso={item.at} /> · {item.by?.name ?? "the system"}
              {Object.keys(item.changes ?? {}).length > 0 && (
                <span className="muted"> — {Object.keys(item.changes).map(label).join(", ")}</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
