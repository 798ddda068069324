import type { ReactNode } from "react";
import { SELECT_STATE_LABEL, US_STATES, isUnitedStates } from "@shop/shared/addresses/us-states";
import { FieldErrors } from "../../platform/FieldErrors";
import type { FormValues } from "./checkoutApi";
import { CountryField } from "./CountryField";

type FieldProps = {
  name: string;
  label: string;
  values: FormValues;
  errors: Record<string, string[]>;
  onChange: (name: string, value: string) => void;
  /** §5 'on blur or change': checks the field as the shopper leaves it, and again as they correct it. */
  onCheck?: (name: string, value: string) => void;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "email" | "text";
  required?: boolean;
  children?: ReactNode;
};

/** One labelled input with its server errors under it (ids `id_{name}`, as the old site's forms had). */
export function FormField({
  name,
  label,
  values,
  errors,
  onChange,
  onCheck,
  type = "text",
  autoComplete,
  inputMode,
  required,
}: FieldProps) {
  const id = `id_${name}`;
  const messages = errors[name] ?? [];
  return (
    <div className="form-row">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={values[name] ?? ""}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={messages.length ? `${id}_errors` : undefined}
        onChange={(e) => {
          onChange(name, e.target.value);
          if (messages.length) onCheck?.(name, e.target.value);
        }}
        onBlur={onCheck && ((e) => onCheck(name, e.target.value))}
      />
      <FieldErrors id={`${id}_errors`} messages={messages} />
    </div>
  );
}

/**
 * The address fields of a form, with `prefix` ('' for billing, 'ship_' for delivery). Choosing the US
 * swaps the state box for a dropdown whose first option reads 'Select state' (back-office §4).
 */
export function AddressFields(props: Omit<FieldProps, "name" | "label"> & { prefix: string; autoPrefix: string }) {
  const { prefix, autoPrefix, values, errors, onChange } = props;
  const f = (name: string) => `${prefix}${name}`;
  const common = { values, errors, onChange };
  const stateId = `id_${f("state")}`;
  const stateErrors = errors[f("state")] ?? [];
  return (
    <>
      <FormField
        name={f("first_name")}
        label="First name"
        required
        autoComplete={`${autoPrefix} given-name`}
        {...common}
      />
      <FormField
        name={f("last_name")}
        label="Last name"
        required
        autoComplete={`${autoPrefix} family-name`}
        {...common}
      />
      <FormField
        name={f("street1")}
        label="Street address"
        required
        autoComplete={`${autoPrefix} address-line1`}
        {...common}
      />
      <FormField
        name={f("street2")}
        label="Street address, line 2"
        autoComplete={`${autoPrefix} address-line2`}
        {...common}
      />
      <FormField name={f("city")} label="City" required autoComplete={`${autoPrefix} address-level2`} {...common} />
      <CountryField
        name={f("country")}
        value={values[f("country")] ?? ""}
        autoComplete={`${autoPrefix} country`}
        errors={errors[f("country")] ?? []}
        onChange={(v) => onChange(f("country"), v)}
      />
      <div className="form-row">
        <label htmlFor={stateId}>
          State{isUnitedStates(values[f("country")] ?? "") ? <span aria-hidden="true"> *</span> : null}
        </label>
        {isUnitedStates(values[f("country")] ?? "") ? (
          <select
            id={stateId}
            name={f("state")}
            value={US_STATES.some((s) => s.id === values[f("state")]) ? values[f("state")] : ""}
            aria-invalid={stateErrors.length ? true : undefined}
            onChange={(e) => onChange(f("state"), e.target.value)}
          >
            <option value="">{SELECT_STATE_LABEL}</option>
            {US_STATES.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={stateId}
            name={f("state")}
            value={values[f("state")] ?? ""}
            onChange={(e) => onChange(f("state"), e.target.value)}
          />
        )}
        <FieldErrors id={`${stateId}_errors`} messages={stateErrors} />
      </div>
      <FormField
        name={f("postal_code")}
        label="Postal code"
        required
        autoComplete={`${autoPrefix} postal-code`}
        {...common}
      />
    </>
  );
}

/** The billing step's fields (both checkouts): the address, unless one of the book was picked, and the email. */
export function BillingFields(props: Omit<FieldProps, "name" | "label"> & { address?: boolean }) {
  const { address = true, values, errors, onChange, onCheck } = props;
  const common = { values, errors, onChange };
  return (
    <>
      {address ? <AddressFields prefix="" autoPrefix="billing" {...common} /> : null}
      <FormField
        name="email"
        label="Email"
        type="email"
        inputMode="email"
        required
        autoComplete="email"
        onCheck={onCheck}
        {...common}
      />
    </>
  );
}
