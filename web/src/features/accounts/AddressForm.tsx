import { type FormEvent, useRef, useState } from "react";
import { AddressFields } from "@shop/shared/addresses/api";
import { type ErrorsByField, schemaErrors, scrollToFirstError } from "../../platform/formCheck";
import type { AddressInput } from "./accountApi";
import { FormField } from "./FormField";
import { CountryField } from "./CountryField";
import { StateField } from "./StateField";

export const EMPTY_ADDRESS: AddressInput = {
  first_name: "",
  last_name: "",
  street1: "",
  street2: "",
  city: "",
  state: "",
  postal_code: "",
  country: "United States",
  phone: "",
};

const LABELS: Array<[keyof AddressInput, string, string]> = [
  ["first_name", "First name", "given-name"],
  ["last_name", "Last name", "family-name"],
  ["street1", "Street address", "address-line1"],
  ["street2", "Apartment, suite (optional)", "address-line2"],
  ["city", "City", "address-level2"],
  ["country", "Country", "country-name"],
  ["state", "State", "address-level1"],
  ["postal_code", "Postal code", "postal-code"],
  ["phone", "Phone (optional)", "tel"],
];

/**
 * The address form (add and edit): fields trimmed and checked by the server's rules before sending
 * (§5; a failed check scrolls to the first field in error), the server's errors shown by field.
 */
export function AddressForm({
  initial,
  submitLabel,
  errors,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: AddressInput;
  submitLabel: string;
  errors: Record<string, string[]>;
  busy: boolean;
  onSubmit: (address: AddressInput) => void;
  onCancel: () => void;
}) {
  const [address, setAddress] = useState(initial);
  // The check's messages until a send passes it; then the server's (`errors`).
  const [checked, setChecked] = useState<ErrorsByField | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shown = checked ?? errors;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(address).map(([k, v]) => [k, v.trim()])) as AddressInput;
    const found = schemaErrors(AddressFields, trimmed);
    if (Object.keys(found).length > 0) {
      setChecked(found);
      return scrollToFirstError(formRef);
    }
    setChecked(null);
    onSubmit(trimmed);
  };
  return (
    <form className="address-form" onSubmit={submit} noValidate ref={formRef}>
      {LABELS.map(([name, label, autoComplete]) =>
        name === "country" ? (
          <CountryField
            key={name}
            value={address.country}
            errors={shown.country}
            onChange={(country) => setAddress({ ...address, country })}
          />
        ) : name === "state" ? (
          <StateField
            key={name}
            country={address.country}
            value={address.state}
            errors={shown.state}
            onChange={(state) => setAddress({ ...address, state })}
          />
        ) : (
          <FormField
            key={name}
            label={label}
            name={name}
            autoComplete={autoComplete}
            value={address[name]}
            errors={shown[name]}
            onChange={(e) => setAddress({ ...address, [name]: e.target.value })}
          />
        ),
      )}
      <div className="address-actions">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
