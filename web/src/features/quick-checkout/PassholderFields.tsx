import { useState } from "react";
import {
  MAX_DEPENDENTS,
  daysInMonth,
  passholderRows,
  type MembershipVariant,
} from "@shop/shared/checkout/quick-checkout";
import { FieldErrors } from "../../platform/FieldErrors";
import { FormField } from "../checkout/FormField";
import type { FormValues } from "./quickCheckoutApi";

type Props = {
  variant: MembershipVariant;
  values: FormValues;
  errors: Record<string, string[]>;
  onChange: (name: string, value: string) => void;
};

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 100 }, (_, i) => String(thisYear - i));

/**
 * §5: the day list adapts to the month and year (31, 30, February 28, 29 in a leap year); a day the
 * new month or year does not have is cleared.
 */
export function daysFor(year: string, month: string): number {
  if (!month) return 31;
  return daysInMonth(year ? Number(year) : 2000, Number(month));
}

/** The passholder names: the primary, the spouse (grandparent), then children or grandchildren with birthdays. */
export function PassholderFields({ variant, values, errors, onChange }: Props) {
  const rows = passholderRows(variant);
  const [shown, setShown] = useState(1);
  const common = { values, errors, onChange };
  const birthday = (prefix: string) => {
    const year = values[`${prefix}_birth_year`] ?? "";
    const month = values[`${prefix}_birth_month`] ?? "";
    const day = values[`${prefix}_birth_day`] ?? "";
    const change = (part: "year" | "month", value: string) => {
      onChange(`${prefix}_birth_${part}`, value);
      const next = part === "year" ? daysFor(value, month) : daysFor(year, value);
      if (day && Number(day) > next) onChange(`${prefix}_birth_day`, "");
    };
    const days = daysFor(year, month);
    const messages = ["year", "month", "day"].flatMap((p) => errors[`${prefix}_birth_${p}`] ?? []);
    // Each box in error is marked, so the page's check can focus the first one (§5).
    const marks = (part: string) =>
      errors[`${prefix}_birth_${part}`]?.length
        ? { "aria-invalid": true, "aria-describedby": `id_${prefix}_birthday_errors` }
        : {};
    return (
      <fieldset className="birthday">
        <legend>Birthday</legend>
        <label htmlFor={`id_${prefix}_birth_month`}>Month</label>
        <select
          {...marks("month")}
          id={`id_${prefix}_birth_month`}
          value={month}
          onChange={(e) => change("month", e.target.value)}
        >
          <option value="">Month</option>
          {MONTHS.map((name, i) => (
            <option key={name} value={String(i + 1).padStart(2, "0")}>
              {name}
            </option>
          ))}
        </select>
        <label htmlFor={`id_${prefix}_birth_day`}>Day</label>
        <select
          {...marks("day")}
          id={`id_${prefix}_birth_day`}
          value={day}
          onChange={(e) => onChange(`${prefix}_birth_day`, e.target.value)}
        >
          <option value="">Day</option>
          {Array.from({ length: days }, (_, i) => String(i + 1).padStart(2, "0")).map((d) => (
            <option key={d} value={d}>
              {Number(d)}
            </option>
          ))}
        </select>
        <label htmlFor={`id_${prefix}_birth_year`}>Year</label>
        <select
          {...marks("year")}
          id={`id_${prefix}_birth_year`}
          value={year}
          onChange={(e) => change("year", e.target.value)}
        >
          <option value="">Year</option>
          {YEARS.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <FieldErrors id={`id_${prefix}_birthday_errors`} messages={[...new Set(messages)]} />
      </fieldset>
    );
  };
  const names = (prefix: string, who: string, required = false) => (
    <>
      <FormField name={`${prefix}_first_name`} label={`${who} first name`} required={required} {...common} />
      <FormField name={`${prefix}_last_name`} label={`${who} last name`} required={required} {...common} />
    </>
  );
  const dependent = rows.birthdays ? "Grandchild" : "Child";
  return (
    <>
      <fieldset>
        <legend>Primary passholder</legend>
        {names("primary", "Primary passholder", true)}
      </fieldset>
      {rows.spouse ? (
        <fieldset>
          <legend>Spouse (optional)</legend>
          {names("spouse", "Spouse")}
        </fieldset>
      ) : null}
      {Array.from({ length: Math.min(rows.dependents, shown) }, (_, i) => i + 1).map((n) => (
        <fieldset key={n}>
          <legend>
            {dependent} {n} (optional)
          </legend>
          {names(`dependent_${n}`, `${dependent} ${n}`)}
          {rows.birthdays ? birthday(`dependent_${n}`) : null}
        </fieldset>
      ))}
      {rows.dependents && shown < MAX_DEPENDENTS ? (
        <button type="button" className="secondary" onClick={() => setShown((n) => n + 1)}>
          Add another {dependent.toLowerCase()}
        </button>
      ) : null}
    </>
  );
}
