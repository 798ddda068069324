import { useState, type FormEvent } from "react";
import { CheckoutDeliveryRequest, deliveryFieldErrors, type CheckoutStateAnswer } from "@shop/shared/checkout/api";
import { FieldErrors } from "../../platform/FieldErrors";
import type { FormValues } from "./checkoutApi";
import { AddressBookChoices } from "./AddressBookPicks";
import { AddressFields, FormField } from "./FormField";
import { ModeChoice } from "./ModeChoice";
import { SaveToBookField } from "./SaveToBookField";
import { ADDRESS_FIELDS, type StepForm } from "./stepForm";
import type { DeliveryChoices } from "./useDeliveryChoices";

/** Step 2: where the goods ship (billing, the book, or typed) and where the downloads go. */
export function DeliveryForm(props: {
  form: StepForm;
  state: CheckoutStateAnswer;
  choices: DeliveryChoices;
  /** The billing address came from the book (its checkout id), so 'same as billing' sends id 1. */
  billingPick: string;
}) {
  const { form, state, choices, billingPick } = props;
  const { values, errors, change } = form;
  const { shipMode, chooseShipMode, shipPick, setShipPick, digitalMode, setDigitalMode } = choices;
  const [save, setSave] = useState(false);
  const typing = shipMode === "other" && !shipPick;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ship = Object.fromEntries(
      ADDRESS_FIELDS.map((f) => [`ship_${f}`, shipMode === "same" ? (values[f] ?? "") : (values[`ship_${f}`] ?? "")]),
    );
    const digital_email = digitalMode === "same" ? (values.email ?? "") : (values.digital_email ?? "");
    // Id 1 is the billing address: the server copies it when billing came from the address book.
    const byId = shipPick || (shipMode === "same" && billingPick ? "1" : "");
    const picked = byId ? { shipping_address_id: byId } : ship;
    const typed = CheckoutDeliveryRequest.safeParse({ ...ship, digital_email });
    const needs = { ships: state.ships && typing, digital: state.digital };
    if (typed.success && !form.passesChecks(deliveryFieldErrors(typed.data, needs))) return;
    const saving: FormValues = state.ships && typing && save ? { save_address: "on" } : {};
    form.send("delivery", { ...(state.ships ? picked : {}), ...saving, digital_email });
  };

  return (
    <form onSubmit={submit} noValidate>
      {state.ships ? (
        <fieldset>
          <legend>Shipping address</legend>
          <ModeChoice
            name="ship_mode"
            mode={shipPick ? "book" : shipMode}
            onChange={(m) => m !== "book" && chooseShipMode(m)}
            same="Same as billing"
            other="Other"
          />
          <AddressBookChoices addresses={state.addresses} picked={shipPick} onPick={setShipPick} errors={errors} />
          {typing ? (
            <>
              <AddressFields prefix="ship_" autoPrefix="shipping" values={values} errors={errors} onChange={change} />
              {form.signedIn ? <SaveToBookField id="save_shipping_address" checked={save} onChange={setSave} /> : null}
            </>
          ) : (
            <FieldErrors
              id="ship_errors"
              messages={Object.entries(errors)
                .filter(([k]) => k.startsWith("ship_"))
                .flatMap(([, m]) => m)}
            />
          )}
        </fieldset>
      ) : null}
      {state.digital ? (
        <fieldset>
          <legend>Digital delivery email</legend>
          <ModeChoice
            name="digital_mode"
            mode={digitalMode}
            onChange={setDigitalMode}
            same="Same as billing email"
            other="Other (a gift)"
          />
          {digitalMode === "other" ? (
            <FormField
              name="digital_email"
              label="Deliver to email"
              type="email"
              inputMode="email"
              required
              values={values}
              errors={errors}
              onChange={change}
              onCheck={form.checkEmail}
            />
          ) : (
            <FieldErrors id="digital_errors" messages={errors.digital_email ?? []} />
          )}
        </fieldset>
      ) : null}
      {!state.ships && !state.digital ? <p>Nothing in your cart needs delivering.</p> : null}
      <button type="submit" disabled={form.saving}>
        Continue
      </button>
    </form>
  );
}
