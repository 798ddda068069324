import {
  acceptsKey,
  normaliseNumberInput,
  numberFieldMaxLength,
  valueOnFocus,
  type NumberFieldOptions,
} from "@shop/shared";
import { type InputHTMLAttributes, useRef } from "react";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "onBlur" | "type" | "onFocus"> & {
  onFocus?: () => void;
  value: string;
  options: NumberFieldOptions;
  onValue(value: string): void;
  /** After the §5 clean-up on leaving the field, with the cleaned text. */
  onLeave?(value: string): void;
};

/**
 * A §5 number field: only digits, the period (decimal) and a minus (when negatives are allowed) can
 * be typed; a zero empties on focus (and comes back if nothing is typed); on leaving, dashes become
 * minus, the rest is cleaned and clamped.
 */
export function NumberInput({ value, options, onValue, onLeave, onFocus, ...rest }: Props) {
  // The zero a focus emptied: leaving without typing puts it back, so a stock of 0 never turns
  // into "not tracked" (blank) just because the editor tabbed through it.
  const emptiedZero = useRef<string | null>(null);
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
        onFocus?.();
        const emptied = valueOnFocus(value);
        emptiedZero.current = emptied !== value ? value : null;
        if (emptied !== value) onValue(emptied);
      }}
      onChange={(event) => {
        emptiedZero.current = null;
        onValue(event.target.value);
      }}
      onBlur={() => {
        const untouched = value === "" && emptiedZero.current !== null;
        const cleaned = untouched ? (emptiedZero.current ?? "") : normaliseNumberInput(value, options);
        emptiedZero.current = null;
        if (cleaned !== value) onValue(cleaned);
        onLeave?.(cleaned);
      }}
    />
  );
}
