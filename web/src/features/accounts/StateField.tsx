import { useId } from "react";
import { isUnitedStates, SELECT_STATE_LABEL, US_STATES, usStateByCode } from "@shop/shared/addresses/us-states";
import { FieldErrors } from "../../platform/FieldErrors";
import { FormField } from "./FormField";

/**
 * The address book's state: a dropdown of the US states and territories when the country is the US
 * (the server takes only their codes), a free box elsewhere. Laid out as FormField.
 */
export function StateField({
  country,
  value,
  errors,
  onChange,
}: {
  country: string;
  value: string;
  errors?: string[];
  onChange: (state: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-errors`;
  if (!isUnitedStates(country))
    return (
      <FormField
        label="State / province"
        name="state"
        autoComplete="address-level1"
        value={value}
        errors={errors}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <div className="form-field">
      <label htmlFor={id}>State</label>
      <select
        id={id}
        name="state"
        autoComplete="address-level1"
        value={usStateByCode(value)?.id ?? ""}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{SELECT_STATE_LABEL}</option>
        {US_STATES.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}
