import { BACK_OFFICE_MESSAGES } from "@shop/shared";
import { statusText } from "./PickerSelected";
import type { PickerItem } from "./pickerApi";

type Props = {
  label: string;
  items: PickerItem[];
  total: number;
  displayFields: string[];
  onAdd(item: PickerItem): void;
};

const heading = (field: string) => field.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
/** A sub-object named in `__include` shows its `str`; anything else as text. */
const cell = (value: unknown) =>
  value === null || value === undefined
    ? ""
    : typeof value === "object"
      ? "str" in value
        ? String(value.str)
        : JSON.stringify(value)
      : String(value);

/** The results of a Find: one row per item with a + button; 'No results found!' when the search found nothing. */
export function PickerResults({ label, items, total, displayFields, onAdd }: Props) {
  if (items.length === 0) {
    return (
      <p className="picker-no-results" role="status">
        {BACK_OFFICE_MESSAGES.noResults}
      </p>
    );
  }
  const columns = displayFields.filter((field) => field !== "name");
  return (
    <div className="picker-results">
      <table>
        <caption className="visually-hidden">
          Search results for {label}: {items.length} of {total}
        </caption>
        <thead>
          <tr>
            <th scope="col">Add</th>
            <th scope="col">Name</th>
            {columns.map((field) => (
              <th key={field} scope="col">
                {heading(field)}
              </th>
            ))}
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <button
                  type="button"
                  className="picker-icon"
                  aria-label={`Add ${item.str}`}
                  onClick={() => onAdd(item)}
                >
                  +
                </button>
              </td>
              <td>{item.str}</td>
              {columns.map((field) => (
                <td key={field}>{cell(item[field])}</td>
              ))}
              <td>{statusText(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > items.length && (
        <p className="muted">
          Showing {items.length} of {total}. Narrow the search to see the rest.
        </p>
      )}
    </div>
  );
}
