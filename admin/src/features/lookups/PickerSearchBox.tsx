import { useEffect, useState } from "react";
import { PICKER } from "@shop/shared";
import { usePickerAutocompleteQuery, type PickerItem, type PickerSearchArgs } from "./pickerApi";

type Props = {
  id: string;
  label: string;
  text: string;
  onText(text: string): void;
  /** Search arguments except the text (api, field, exclude, filters). */
  base: Omit<PickerSearchArgs, "query">;
  onFind(): void;
  onPick(item: PickerItem): void;
};

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The search box: a combobox whose list autocompletes 10 items 200 ms after typing stops; Enter runs Find. */
export function PickerSearchBox({ id, label, text, onText, base, onFind, onPick }: Props) {
  const query = useDebounced(text.trim(), PICKER.autocompleteDebounceMs);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const enough = query.length >= PICKER.minimumSearchLength;
  const { data } = usePickerAutocompleteQuery({ ...base, query }, { skip: !enough || !open });
  const options = enough && open ? (data?.items ?? []) : [];
  const listId = `${id}-autocomplete`;

  const pick = (item: PickerItem) => {
    onPick(item);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="picker-combobox">
      <input
        id={id}
        type="search"
        role="combobox"
        aria-label={`Search ${label}`}
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 && options[active] ? `${listId}-${options[active].id}` : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          onText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && options.length) {
            event.preventDefault();
            setActive((a) => (a + 1) % options.length);
          } else if (event.key === "ArrowUp" && options.length) {
            event.preventDefault();
            setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
          } else if (event.key === "Escape") {
            setOpen(false);
          } else if (event.key === "Enter") {
            event.preventDefault();
            if (active >= 0 && options[active]) pick(options[active]);
            else {
              setOpen(false);
              onFind();
            }
          }
        }}
      />
      {/* The APG combobox: focus stays in the input, which points at the active option (aria-activedescendant). */}
      <ul
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a list of suggestions, as in the APG listbox example
        role="listbox"
        aria-label={`Suggestions for ${label}`}
        className="picker-autocomplete"
        hidden={options.length === 0}
      >
        {options.map((item, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the input keeps focus (aria-activedescendant), as the APG says
          <li
            key={item.id}
            id={`${listId}-${item.id}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the list above
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              pick(item);
            }}
          >
            {item.str}
          </li>
        ))}
      </ul>
    </div>
  );
}
