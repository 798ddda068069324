import type { CheckoutStateAnswer } from "@shop/shared/checkout/api";
import { FieldErrors } from "../../platform/FieldErrors";

type BookAddress = CheckoutStateAnswer["addresses"][number];

const oneLine = (a: BookAddress) =>
  [`${a.first_name} ${a.last_name}`.trim(), a.street1, a.street2, `${a.city} ${a.state} ${a.postal_code}`.trim()]
    .filter(Boolean)
    .join(", ");

/** Step 1 for a signed-in shopper with an address book: pay from one of its addresses, or type a new one. */
export function BillingAddressPicker(props: {
  addresses: BookAddress[];
  picked: string;
  onPick: (id: string) => void;
  errors: Record<string, string[]>;
}) {
  const { addresses, picked, onPick, errors } = props;
  if (!addresses.length) return null;
  return (
    <div className="form-row">
      <label htmlFor="billing_address_id">Billing address</label>
      <select
        id="billing_address_id"
        value={picked}
        onChange={(e) => onPick(e.target.value)}
        aria-describedby={errors.billing_address_id ? "billing_address_id_errors" : undefined}
      >
        <option value="">New address</option>
        {addresses.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {oneLine(a)}
          </option>
        ))}
      </select>
      <FieldErrors id="billing_address_id_errors" messages={errors.billing_address_id ?? []} />
    </div>
  );
}

/** Step 2: the address book's addresses beside 'Same as billing' (id 1) and 'Other'. */
export function AddressBookChoices(props: {
  addresses: BookAddress[];
  picked: string;
  onPick: (id: string) => void;
  errors: Record<string, string[]>;
}) {
  const { addresses, picked, onPick, errors } = props;
  if (!addresses.length) return null;
  return (
    <div className="mode-choice address-book-choices">
      {addresses.map((a) => (
        <label key={a.id}>
          <input
            type="radio"
            name="ship_mode"
            value={String(a.id)}
            checked={picked === String(a.id)}
            onChange={() => onPick(String(a.id))}
          />{" "}
          {oneLine(a)}
        </label>
      ))}
      <FieldErrors id="shipping_address_id_errors" messages={errors.shipping_address_id ?? []} />
    </div>
  );
}
