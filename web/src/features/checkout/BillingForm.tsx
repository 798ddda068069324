import { useState, type FormEvent } from "react";
import type { CheckoutStateAnswer } from "@shop/shared/checkout/api";
import { CheckoutInfoRequest } from "@shop/shared/checkout/api";
import { isEmailAddress } from "@shop/shared/domain/text-format";
import { schemaErrors } from "../../platform/formCheck";
import { BillingAddressPicker } from "./AddressBookPicks";
import { BillingFields } from "./FormField";
import { OrganizationField } from "./OrganizationField";
import { SaveToBookField } from "./SaveToBookField";
import { ADDRESS_FIELDS, type StepForm } from "./stepForm";

/** Step 1: billing, typed or picked from the book, the email, the organisation and 'save to my address book'. */
export function BillingForm(props: {
  form: StepForm;
  addresses: CheckoutStateAnswer["addresses"];
  picked: string;
  onPick: (id: string) => void;
  orgTicked: boolean;
  onOrgTick: (ticked: boolean) => void;
  orderLabel: string;
}) {
  const { form, addresses, picked, onPick, orgTicked, onOrgTick, orderLabel } = props;
  const { values, errors, change } = form;
  const [save, setSave] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fields = picked ? ["email", "org_name"] : [...ADDRESS_FIELDS, "email", "org_name"];
    const body = Object.fromEntries(fields.map((f) => [f, values[f] ?? ""]));
    if (picked) body.billing_address_id = picked;
    if (!orgTicked) body.org_name = "";
    if (!form.passesChecks(schemaErrors(CheckoutInfoRequest, body))) return;
    if (save && !picked) body.save_address = "on";
    // §4: the billing email becomes the delivery email when that is empty and the billing one is valid.
    if (!values.digital_email && isEmailAddress(values.email ?? "")) change("digital_email", values.email);
    form.send("info", body);
  };

  return (
    <form onSubmit={submit} noValidate>
      <BillingAddressPicker addresses={addresses} picked={picked} onPick={onPick} errors={errors} />
      <BillingFields address={!picked} values={values} errors={errors} onChange={change} onCheck={form.checkEmail} />
      {form.signedIn && !picked ? (
        <SaveToBookField id="save_billing_address" checked={save} onChange={setSave} />
      ) : null}
      <OrganizationField
        submitLabel={orderLabel}
        ticked={orgTicked}
        onTick={onOrgTick}
        values={values}
        errors={errors}
        onChange={change}
      />
      <button type="submit" disabled={form.saving}>
        Continue
      </button>
    </form>
  );
}
