import { COUNTRIES, countryCodeOf } from "@shop/shared/addresses/countries";
import { FieldErrors } from "../../platform/FieldErrors";

/**
 * The country of an address form: the ISO list with the United States first (issue 26 point 6). The
 * value posted is the ISO code; an address saved with a name ('United States', 'USA') shows as its
 * country, and one the list does not know stays an option of its own rather than being lost.
 */
export function CountryField(props: {
  name: string;
  value: string;
  autoComplete: string;
  errors: string[];
  onChange: (value: string) => void;
}) {
  const { name, value, autoComplete, errors, onChange } = props;
  const id = `id_${name}`;
  const code = countryCodeOf(value);
  return (
    <div className="form-row">
      <label htmlFor={id}>
        Country<span aria-hidden="true"> *</span>
      </label>
      <select
        id={id}
        name={name}
        value={code ?? value}
        autoComplete={autoComplete}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? `${id}_errors` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {code === null && value ? <option value={value}>{value}</option> : null}
        {COUNTRIES.map(([c, label]) => (
          <option key={c} value={c}>
            {label}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}_errors`} messages={errors} />
    </div>
  );
}
