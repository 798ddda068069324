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
import { useOneFormStripeCard } from "../checkout/useOneFormStripeCard";
import {
  useQuickCheckoutCardFormQuery,
  useQuickCheckoutItemQuery,
  useQuickCheckoutMutation,
  useQuickCheckoutPaymentMutation,
  type FormValues,
} from "./quickCheckoutApi";

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/** The card's own fields: on a Stripe shop they are Stripe's, in its frame, and never sent to us. */
const CARD_NUMBER_FIELDS = ["card_number", "exp_month", "exp_year", "cvv"];
const CARD_FIELDS = [...CARD_NUMBER_FIELDS, "name_on_card"];

/**
 * The fields the page checks before it posts, by the same rules the server applies (§5), plus the
 * card's required fields (on Stripe only its holder's name: the card is in Stripe's frame).
 */
function formErrors(values: FormValues, variant: MembershipVariant, onStripe: boolean) {
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(quickCheckoutFieldErrors(variant, QuickCheckoutRequest.parse(values))))
    errors[name] = [...messages];
  if ((values.payment_type ?? "card") === "card")
    for (const name of onStripe ? ["name_on_card"] : CARD_FIELDS)
      if (!values[name]?.trim()) errors[name] = ["This field is required."];
  return errors;
}

/**
 * /store/quick-checkout/{sku}/: a membership bought in one form (§2): billing, delivery with the item's
 * shipping address picker, the passholders and the payment. The button reads 'Processing Order...'
 * while the order is placed; success goes to the order complete page. On a Stripe shop the card goes
 * into Stripe's Payment Element: the first submit checks the form and makes its PaymentIntent, the
 * second confirms it in the browser and posts the form with its id.
 */
export function QuickCheckoutPage({ params }: { params: Record<string, string> }) {
  const code = params.code ?? "";
  const { data: item, error } = useQuickCheckoutItemQuery(code);
  const { data: me } = useMeQuery();
  const { data: addressBook = [] } = useAddressesQuery(undefined, { skip: !me });
  const [quickCheckout] = useQuickCheckoutMutation();
  const [makeIntent] = useQuickCheckoutPaymentMutation();
  const { data: cardForm } = useQuickCheckoutCardFormQuery();
  const onStripe = cardForm?.card_form === "stripe";
  const stripeCard = useOneFormStripeCard();
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

  // On Stripe the card stays in Stripe's frame: no card field of ours is sent but the holder's name.
  const sent = (extra: FormValues = {}) =>
    onStripe
      ? {
          ...Object.fromEntries(Object.entries(values).filter(([name]) => !CARD_NUMBER_FIELDS.includes(name))),
          ...extra,
        }
      : values;
  const done = () => {
    busy.current = false;
    setSubmitting(false);
  };

  async function payOnStripe() {
    const leaving = await stripeCard.pay(
      async () => (await makeIntent({ values: sent(), idempotencyKey: key.current }).unwrap()).stripe,
      (paymentIntent) =>
        quickCheckout({ values: sent({ payment_intent: paymentIntent }), idempotencyKey: key.current }).unwrap(),
    );
    if (!leaving) done();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return; // a double click: the first submit is under way
    const found = formErrors(values, variant, onStripe);
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
      if (onStripe && values.payment_type === "card") return await payOnStripe();
      const answer = await quickCheckout({ values: sent(), idempotencyKey: key.current }).unwrap();
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
          <PaymentFields values={values} errors={errors} onChange={change} stripe={onStripe ? stripeCard : null} />
        </section>
        <button type="submit" disabled={submitting}>
          {submitting
            ? QUICK_CHECKOUT_MESSAGES.processing
            : onStripe && values.payment_type === "card" && !stripeCard.intent
              ? "Continue to card"
              : "Place Order"}
        </button>
      </form>
    </div>
  );
}
