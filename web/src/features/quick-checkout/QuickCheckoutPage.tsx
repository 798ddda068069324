import { useRef, useState, type FormEvent } from "react";
import {
  QUICK_CHECKOUT_MESSAGES,
  QuickCheckoutRequest,
  quickCheckoutFieldErrors,
  type MembershipVariant,
} from "@shop/shared/checkout/quick-checkout";
import { type ErrorsByField, emailField, recheckField, scrollToFirstError } from "../../platform/formCheck";
import { useAddressesQuery, useMeQuery } from "../accounts/accountApi";
import { BillingFields } from "../checkout/FormField";
import { refusalOf, type StepRefusal } from "../checkout/checkoutErrors";
import { RefusalAlert } from "../checkout/RefusalAlert";
import { SignInToCheckout } from "../checkout/SignInToCheckout";
import "../checkout/checkout.css";
import "./quick-checkout.css";
import { PassholderFields } from "./PassholderFields";
import { PaymentFields } from "./PaymentFields";
import { ShipToPicker } from "./ShipToPicker";
import { useQuickCheckoutItemQuery, useQuickCheckoutMutation, type FormValues } from "./quickCheckoutApi";

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/** The fields the page checks before it posts, by the same rules the server applies (§5), plus the card's required fields. */
function formErrors(values: FormValues, variant: MembershipVariant) {
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(quickCheckoutFieldErrors(variant, QuickCheckoutRequest.parse(values))))
    errors[name] = [...messages];
  if ((values.payment_type ?? "card") === "card")
    for (const name of ["card_number", "exp_month", "exp_year", "cvv", "name_on_card"])
      if (!values[name]?.trim()) errors[name] = ["This field is required."];
  return errors;
}

/**
 * /store/quick-checkout/{sku}/: a membership bought in one form (§2): billing, delivery with the item's
 * shipping address picker, the passholders and the payment. The button reads 'Processing Order...'
 * while the order is placed; success goes to the order complete page.
 */
export function QuickCheckoutPage({ params }: { params: Record<string, string> }) {
  const code = params.code ?? "";
  const { data: item, error } = useQuickCheckoutItemQuery(code);
  const { data: me } = useMeQuery();
  const { data: addressBook = [] } = useAddressesQuery(undefined, { skip: !me });
  const [quickCheckout] = useQuickCheckoutMutation();
  const [values, setValues] = useState<FormValues>({
    sku: code,
    country: "US",
    ship_to: "billing",
    payment_type: "card",
  });
  const [refusal, setRefusal] = useState<StepRefusal | null>(null);
  // Apart from the refusal, whose alert takes the focus whenever it changes: a check on blur must not.
  const [fieldErrors, setFieldErrors] = useState<ErrorsByField>({});
  // The page's own check refused the send: the first field in error gets the focus, not the alert.
  const [checkedHere, setCheckedHere] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const key = useRef(newKey());
  const busy = useRef(false);

  if (error)
    return (
      <p className="alert negative">
        {"status" in error && error.status === 400
          ? QUICK_CHECKOUT_MESSAGES.notMembership
          : "This membership could not be loaded. Please refresh this page."}
      </p>
    );
  if (!item) return <p>Loading…</p>;
  const variant = item.variant;

  const change = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const errors = fieldErrors;
  const checkEmail = (name: string, value: string) => setFieldErrors((e) => recheckField(e, emailField(value, name)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return; // a double click: the first submit is under way
    const found = formErrors(values, variant);
    if (Object.keys(found).length) {
      setRefusal({
        message: QUICK_CHECKOUT_MESSAGES.correctErrors,
        fields: found,
        invalidStep: false,
        backToStep: null,
      });
      setFieldErrors(found);
      setCheckedHere(true);
      return scrollToFirstError(formRef);
    }
    busy.current = true;
    setSubmitting(true);
    setRefusal(null);
    setFieldErrors({});
    setCheckedHere(false);
    try {
      const answer = await quickCheckout({ values, idempotencyKey: key.current }).unwrap();
      window.location.assign(answer.redirect);
    } catch (error) {
      busy.current = false;
      setSubmitting(false);
      const refused = refusalOf(error);
      setRefusal(refused);
      setFieldErrors(refused.fields);
    }
  }

  return (
    <div className="checkout-page quick-checkout">
      <h1>Quick checkout</h1>
      <p>
        <a href={item.url}>{item.title}</a>, {item.format}: <strong>${item.price}</strong>
      </p>
      <SignInToCheckout next={`/store/quick-checkout/${encodeURIComponent(code)}/`} />
      <RefusalAlert refusal={refusal} takeFocus={!checkedHere} />
      <form onSubmit={submit} noValidate ref={formRef}>
        <section className="checkout-step" aria-labelledby="qc-billing">
          <h2 id="qc-billing">Billing information</h2>
          <BillingFields values={values} errors={errors} onChange={change} onCheck={checkEmail} />
        </section>
        <section className="checkout-step" aria-labelledby="qc-delivery">
          <h2 id="qc-delivery">Delivery</h2>
          <p>The membership card is mailed to the address you choose; shipping is free.</p>
          <ShipToPicker
            item={`${item.title} (${item.format})`}
            values={values}
            errors={errors}
            addressBook={addressBook}
            onChange={(changes) => setValues((v) => ({ ...v, ...changes }))}
          />
        </section>
        <section className="checkout-step" aria-labelledby="qc-passholders">
          <h2 id="qc-passholders">Passholder names</h2>
          <PassholderFields variant={variant} values={values} errors={errors} onChange={change} />
        </section>
        <section className="checkout-step" aria-labelledby="qc-payment">
          <h2 id="qc-payment">Payment</h2>
          <PaymentFields values={values} errors={errors} onChange={change} />
        </section>
        <button type="submit" disabled={submitting}>
          {submitting ? QUICK_CHECKOUT_MESSAGES.processing : "Place Order"}
        </button>
      </form>
    </div>
  );
}
