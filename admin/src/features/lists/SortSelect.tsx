import type { ListModel } from "./listModels";

/** On narrow screens the table headers (the sort buttons) are hidden: this select sorts instead. */
export function SortSelect({
  model,
  sort,
  onSort,
}: {
  model: ListModel;
  sort: string;
  onSort: (sort: string) => void;
}) {
  const sortable = model.columns.filter((column) => column.sort);
  if (sortable.length === 0) return null;
  return (
    <div className="sort-select">
      <label htmlFor="list-sort">Sort by</label>
      <select id="list-sort" value={sort} onChange={(event) => onSort(event.target.value)}>
        {!sortable.some((c) => c.sort === sort.replace(/^-/, "")) && <option value={sort}>Default order</option>}
        {sortable.flatMap((column) => [
          <option key={column.sort} value={column.sort}>
            {column.label} (A–Z)
          </option>,
          <option key={`-${column.sort}`} value={`-${column.sort}`}>
            {column.label} (Z–A)
          </option>,
        ])}
      </select>
    </div>
  );
}
