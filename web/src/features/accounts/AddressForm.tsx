import { type FormEvent, useState } from "react";
import type { AddressInput } from "./accountApi";
import { addressProblems, scrollToElement } from "../../platform/fieldChecks";
import { FormField } from "./FormField";
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

/** What the server requires of an address (shared/src/addresses/api.ts), checked here first (spec 6). */
const REQUIRED = new Set(["first_name", "last_name", "street1", "city", "postal_code"]);

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

/** The address form (add and edit): fields trimmed before sending (§5), server errors shown by field. */
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
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const shown = Object.keys(problems).length ? problems : errors;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(address).map(([k, v]) => [k, v.trim()])) as AddressInput;
    const found = addressProblems(trimmed);
    setProblems(found);
    const first = LABELS.find(([name]) => found[name]);
    // Nothing is sent while a field has a problem: the first one comes into view, focused.
    if (first) return scrollToElement(event.currentTarget.querySelector(`[name="${first[0]}"]`));
    onSubmit(trimmed);
  };
  return (
    <form className="address-form" onSubmit={submit} noValidate>
      {LABELS.map(([name, label, autoComplete]) =>
        name === "state" ? (
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
            required={REQUIRED.has(name)}
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
