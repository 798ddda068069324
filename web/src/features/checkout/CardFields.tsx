import { CARD_TYPES, cardTypeFor } from "@shop/shared/payments/card-type";
import type { FormValues } from "./checkoutApi";
import { useRef } from "react";
import { cardFieldsFromSwipe, isSwipeInProgress } from "./cardSwipe";
import { FieldErrors } from "../../platform/FieldErrors";
import { FormField } from "./FormField";

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0"));
const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 12 }, (_, i) => String(thisYear + i));

type Props = { values: FormValues; errors: Record<string, string[]>; onChange: (name: string, value: string) => void };

/**
 * The card typed into our own form (both checkouts, when the gateway is not Stripe): the cards we
 * accept, the one the number matches lit, then number, expiry, security code and name (§2).
 */
export function CardFields({ values, errors, onChange }: Props) {
  // A card reader types its swipe into the number box: gathered here, never shown or kept (spec 11).
  const swipe = useRef("");
  const change = (name: string, value: string) => {
    if (name !== "card_number") return onChange(name, value);
    const typed = swipe.current ? swipe.current + value.slice((values.card_number ?? "").length) : value;
    if (isSwipeInProgress(typed)) {
      swipe.current = typed;
      return;
    }
    swipe.current = "";
    const filled = cardFieldsFromSwipe(typed);
    if (!filled) return onChange(name, typed.startsWith("%B") ? "" : value);
    for (const [field, text] of Object.entries(filled)) onChange(field, text);
    document.getElementById("id_cvv")?.focus();
  };
  const brand = cardTypeFor(values.card_number ?? "");
  const common = { values, errors, onChange: change };
  const select = (name: "exp_month" | "exp_year", label: string, first: string, options: string[], auto: string) => (
    <>
      <label htmlFor={`id_${name}`}>{label}</label>
      <select
        id={`id_${name}`}
        value={values[name] ?? ""}
        autoComplete={auto}
        onChange={(e) => change(name, e.target.value)}
      >
        <option value="">{first}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <FieldErrors id={`id_${name}_errors`} messages={errors[name] ?? []} />
    </>
  );
  return (
    <div className="card-fields">
      <ul className="card-types" aria-label="Cards we accept">
        {CARD_TYPES.map((t) => (
          <li key={t} className={brand && brand !== t ? "dimmed" : brand === t ? "matched" : undefined}>
            {t}
          </li>
        ))}
      </ul>
      <FormField
        name="card_number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        {...common}
      />
      <div className="form-row expiry">
        {select("exp_month", "Expiration month", "Month", MONTHS, "cc-exp-month")}
        {select("exp_year", "Expiration year", "Year", YEARS, "cc-exp-year")}
      </div>
      <FormField
        name="cvv"
        label="Security code (CVV)"
        inputMode="numeric"
        autoComplete="cc-csc"
        required
        {...common}
      />
      <FormField name="name_on_card" label="Name on card" autoComplete="cc-name" required {...common} />
    </div>
  );
}
