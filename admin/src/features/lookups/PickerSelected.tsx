import type { PickerItem } from "./pickerApi";

export type RowState = "existing" | "pending-addition" | "pending-deletion";
export type PickerRow = { id: number; state: RowState; item?: PickerItem };

const STATE_LABEL: Record<RowState, string> = {
  existing: "",
  "pending-addition": "pending addition",
  "pending-deletion": "pending deletion",
};

/** '[status: title]' as the spec shows a lookup item's status. */
export const statusText = (item?: PickerItem) => (item?.status ? `[status: ${item.status.title}]` : "");

type Props = {
  label: string;
  rows: PickerRow[];
  onRemove(id: number): void;
  onRestore(id: number): void;
};

/** The picker's Selected list: X marks an existing row for deletion (then + restores it); X drops a pending addition. */
export function PickerSelected({ label, rows, onRemove, onRestore }: Props) {
  return (
    <div className="picker-selected">
      <h3 className="picker-subheading">Selected</h3>
      {rows.length === 0 ? (
        <p className="muted picker-empty">Nothing selected.</p>
      ) : (
        <ul aria-label={`Selected ${label}`}>
          {rows.map((row) => {
            const name = row.item?.str ?? `#${row.id}`;
            return (
              <li key={row.id} className={`picker-row picker-${row.state}`} data-state={row.state}>
                <span className="picker-row-name">{name}</span>
                <span className="muted picker-row-meta">
                  {row.item?.type ? `${row.item.type} ` : ""}
                  {statusText(row.item)}
                </span>
                {row.state !== "existing" && <span className="badge picker-state">{STATE_LABEL[row.state]}</span>}
                {row.state === "pending-deletion" ? (
                  <button
                    type="button"
                    className="picker-icon"
                    aria-label={`Restore ${name}`}
                    title="Restore"
                    onClick={() => onRestore(row.id)}
                  >
                    +
                  </button>
                ) : (
                  <button
                    type="button"
                    className="picker-icon"
                    aria-label={`Remove ${name}`}
                    title="Remove"
                    onClick={() => onRemove(row.id)}
                  >
                    ×
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
