import { useEffect, useRef, useState, type FormEvent } from "react";
import { CardFields } from "./CardFields";
import { FieldErrors } from "../../platform/FieldErrors";
import { usePaymentSummaryQuery, usePlaceOrderMutation, type FormValues } from "./checkoutApi";
import { StripeCardFields, type StripeCardFieldsHandle } from "./StripeCardFields";

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/**
 * Step 4: the payment. The order is reviewed in the summary beside every step (OrderSummary: beside
 * the form on a wide screen, under it on a phone, where the total above the button keeps the amount in
 * view); a second table here read as two orders. Card is the default; a free total hides card and check
 * (payment 'none'). The button reads 'Submitting Order...' and stays disabled while the order is placed;
 * one Idempotency-Key per visit of the step, so a repeated submit answers the same order.
 * When the server's gateway is Stripe (`stripe` in the summary), Stripe's Payment Element replaces the
 * card fields: the browser confirms the PaymentIntent and posts only its id.
 */
export function PaymentStep(props: {
  /** 'Submit Order', or 'Donate' when the cart holds gifts only. */
  submitLabel: string;
  onRefused: (error: unknown) => void;
  errors: Record<string, string[]>;
  clearRefusal: () => void;
}) {
  const [nonce, setNonce] = useState(() => Date.now());
  const { data, isError } = usePaymentSummaryQuery(nonce);
  const stripeCard = useRef<StripeCardFieldsHandle>(null);
  const [stripeError, setStripeError] = useState<string | null>(null);
  const [placeOrder] = usePlaceOrderMutation();
  const [chosen, setType] = useState<"card" | "check">("card");
  const [values, setValues] = useState<FormValues>({ exp_month: "", exp_year: "" });
  const [submitting, setSubmitting] = useState(false);
  const key = useRef(newKey());
  const busy = useRef(false);
  const change = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const stripe = data?.stripe;

  // Back from a payment method that had to leave the page (Stripe's return_url): place the order with it.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const intent = params.get("payment_intent");
    if (!stripe || !intent || params.get("redirect_status") !== "succeeded" || busy.current) return;
    window.history.replaceState(null, "", window.location.pathname);
    void place({ payment_type: "card", payment_intent: intent });
  });

  if (isError)
    return <p className="alert negative">The order summary could not be loaded. Please refresh this page.</p>;
  if (!data) return <p>Loading your order…</p>;
  const free = data.payment_types.length === 1 && data.payment_types[0] === "none";
  // No card gateway on this shop (the server offers checks only): the check is the choice.
  const cards = data.payment_types.includes("card");
  const type = cards ? chosen : "check";
  const { errors } = props;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy.current) return; // a double click: the first submit is under way
    if (!free && type === "card" && stripe) {
      busy.current = true;
      setSubmitting(true);
      setStripeError(null);
      props.clearRefusal();
      const confirmed = (await stripeCard.current?.confirm()) ?? { error: "The card form is still loading." };
      if ("error" in confirmed) {
        busy.current = false;
        setSubmitting(false);
        setStripeError(confirmed.error);
        return;
      }
      return place({ payment_type: "card", payment_intent: confirmed.paymentIntent });
    }
    await place(
      free
        ? { payment_type: "none" }
        : type === "check"
          ? { payment_type: "check" }
          : { payment_type: "card", ...values },
    );
  }

  async function place(body: FormValues) {
    busy.current = true;
    setSubmitting(true);
    props.clearRefusal();
    try {
      const answer = await placeOrder({ values: body, idempotencyKey: key.current }).unwrap();
      window.location.assign(answer.redirect);
    } catch (error) {
      busy.current = false;
      setSubmitting(false);
      props.onRefused(error);
      // A refused Stripe payment ends its round: the next try confirms the server's new PaymentIntent.
      if (stripe) setNonce(Date.now());
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      {free ? (
        <p>Nothing is due for this order.</p>
      ) : (
        <fieldset>
          <legend>Payment method</legend>
          <div className="mode-choice">
            {cards ? (
              <label>
                <input
                  type="radio"
                  name="payment_type"
                  value="card"
                  checked={type === "card"}
                  onChange={() => setType("card")}
                />{" "}
                Credit card
              </label>
            ) : (
              <p>Card payments are not available on this shop yet.</p>
            )}
            <label>
              <input
                type="radio"
                name="payment_type"
                value="check"
                checked={type === "check"}
                onChange={() => setType("check")}
              />{" "}
              Check / money order
            </label>
          </div>
          <FieldErrors id="id_payment_type_errors" messages={errors.payment_type ?? []} />
          {type === "card" && stripe ? (
            <StripeCardFields
              key={stripe.client_secret}
              ref={stripeCard}
              publishableKey={stripe.publishable_key}
              clientSecret={stripe.client_secret}
              errors={[...(stripeError ? [stripeError] : []), ...(errors.card_number ?? errors.payment_intent ?? [])]}
            />
          ) : type === "card" ? (
            <CardFields values={values} errors={errors} onChange={change} />
          ) : (
            <p>Your order will be sent once your check or money order arrives.</p>
          )}
        </fieldset>
      )}
      <p className="order-total-line">
        Total: <strong>${data.total}</strong>
      </p>
      <button type="submit" disabled={submitting}>
        {submitting ? "Submitting Order..." : props.submitLabel}
      </button>
    </form>
  );
}
