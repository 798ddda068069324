import { useState } from "react";
import type { AddressItem } from "@shop/shared/addresses/api";
import { isUnitedStates } from "@shop/shared/addresses/us-states";
import { FORM_MESSAGES } from "@shop/shared/domain/messages";
import { Overlay } from "../catalog/Overlay";
import { FieldErrors } from "../../platform/FieldErrors";
import { AddressFields } from "../checkout/FormField";
import type { FormValues } from "./quickCheckoutApi";

const SHIP_FIELDS = ["first_name", "last_name", "street1", "street2", "city", "state", "postal_code", "country"];
const REQUIRED = ["first_name", "last_name", "street1", "city", "postal_code"];

type Props = {
  item: string;
  values: FormValues;
  errors: Record<string, string[]>;
  addressBook: AddressItem[];
  onChange: (changes: FormValues) => void;
};

const oneLine = (a: { first_name?: string; last_name?: string; street1?: string; city?: string }) =>
  [`${a.first_name ?? ""} ${a.last_name ?? ""}`.trim(), a.street1, a.city].filter(Boolean).join(", ");

/**
 * The item's shipping address (§2 per-item picker): the billing address, an address of the signed-in
 * shopper's book, or a new one typed in an overlay, which checks §5's rules before it closes.
 */
export function ShipToPicker({ item, values, errors, addressBook, onChange }: Props) {
  const [draft, setDraft] = useState<FormValues | null>(null);
  const [draftErrors, setDraftErrors] = useState<Record<string, string[]>>({});
  const shipTo = values.ship_to ?? "billing";
  const typed = values.ship_street1
    ? oneLine(Object.fromEntries(SHIP_FIELDS.map((f) => [f, values[`ship_${f}`]])))
    : "";

  const openOverlay = () => {
    setDraft(
      Object.fromEntries(SHIP_FIELDS.map((f) => [`ship_${f}`, values[`ship_${f}`] ?? (f === "country" ? "US" : "")])),
    );
    setDraftErrors({});
  };
  const save = () => {
    if (!draft) return;
    const trimmed = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()]));
    const missing: Record<string, string[]> = {};
    for (const f of REQUIRED) if (!trimmed[`ship_${f}`]) missing[`ship_${f}`] = [FORM_MESSAGES.required];
    if (isUnitedStates(trimmed.ship_country ?? "") && !trimmed.ship_state)
      missing.ship_state = [FORM_MESSAGES.required];
    if (Object.keys(missing).length) return setDraftErrors(missing);
    onChange({ ...trimmed, ship_to: "new" });
    setDraft(null);
  };

  return (
    <div className="form-row">
      <label htmlFor="id_ship_to">Ship {item} to</label>
      <select
        id="id_ship_to"
        value={shipTo}
        onChange={(e) => {
          if (e.target.value === "add") openOverlay();
          else onChange({ ship_to: e.target.value });
        }}
      >
        <option value="billing">Same as billing address</option>
        {addressBook.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {oneLine(a)}
            {a.is_default ? " (default)" : ""}
          </option>
        ))}
        {typed ? <option value="new">New address: {typed}</option> : null}
        <option value="add">Add a new address…</option>
      </select>
      <FieldErrors id="id_ship_to_errors" messages={errors.ship_to ?? []} />
      {shipTo === "new" ? (
        <button type="button" className="link-button" onClick={openOverlay}>
          Edit the new address
        </button>
      ) : null}
      {SHIP_FIELDS.some((f) => errors[`ship_${f}`]) ? (
        <p className="field-error">
          Please check the new address: {SHIP_FIELDS.filter((f) => errors[`ship_${f}`]).join(", ")}.
        </p>
      ) : null}
      {draft ? (
        <Overlay title="New shipping address" onClose={() => setDraft(null)}>
          <div className="checkout-step">
            <AddressFields
              prefix="ship_"
              autoPrefix="shipping"
              values={draft}
              errors={draftErrors}
              onChange={(name, value) => setDraft((d) => ({ ...d, [name]: value }))}
            />
            <button type="button" onClick={save}>
              Use this address
            </button>
          </div>
        </Overlay>
      ) : null}
    </div>
  );
}
