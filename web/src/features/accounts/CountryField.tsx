import { useId } from "react";
import { COUNTRIES, countryCodeOf } from "@shop/shared/addresses/countries";
import { FieldErrors } from "../../platform/FieldErrors";

const nameOf = new Map(COUNTRIES);

/**
 * The address book's country: the checkout's ISO list, United States first, as a dropdown; the
 * book keeps the country's name, as it always has ('United States'). A saved name the list does not
 * know stays an option of its own. Laid out as FormField.
 */
export function CountryField({
  value,
  errors,
  onChange,
}: {
  value: string;
  errors?: string[];
  onChange: (country: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-errors`;
  const code = countryCodeOf(value);
  const shown = code ? (nameOf.get(code) ?? value) : value;
  return (
    <div className="form-field">
      <label htmlFor={id}>Country</label>
      <select
        id={id}
        name="country"
        autoComplete="country-name"
        value={shown}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {code === null && value ? <option value={value}>{value}</option> : null}
        {COUNTRIES.map(([c, name]) => (
          <option key={c} value={name}>
            {name}
          </option>
        ))}
      </select>
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}
