import {
  acceptsKey,
  normaliseNumberInput,
  numberFieldMaxLength,
  valueOnFocus,
  type NumberFieldOptions,
} from "@shop/shared";
import type { InputHTMLAttributes } from "react";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "onBlur" | "type"> & {
  value: string;
  options: NumberFieldOptions;
  onValue(value: string): void;
  /** After the §5 clean-up on leaving the field, with the cleaned text. */
  onLeave?(value: string): void;
};

/**
 * A §5 number field: only digits, the period (decimal) and a minus (when negatives are allowed) can
 * be typed; a zero empties on focus; on leaving, dashes become minus, the rest is cleaned and clamped.
 */
export function NumberInput({ value, options, onValue, onLeave, ...rest }: Props) {
  return (
    <input
      {...rest}
      type="text"
      inputMode={options.format === "digits" ? "numeric" : "decimal"}
      maxLength={numberFieldMaxLength(options)}
      autoComplete="off"
      value={value}
      onKeyDown={(event) => {
        // Only printable keys are filtered: Tab, arrows, shortcuts and the like always work.
        if (event.key.length === 1 && !acceptsKey(event.key, options, event)) event.preventDefault();
      }}
      onFocus={() => {
        const emptied = valueOnFocus(value);
        if (emptied !== value) onValue(emptied);
      }}
      onChange={(event) => onValue(event.target.value)}
      onBlur={() => {
        const cleaned = normaliseNumberInput(value, options);
        if (cleaned !== value) onValue(cleaned);
        onLeave?.(cleaned);
      }}
    />
  );
}
