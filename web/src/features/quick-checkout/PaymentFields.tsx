import { CardFields } from "../checkout/CardFields";
import { type OneFormStripeCard, OneFormStripeCardFields } from "../checkout/useOneFormStripeCard";
import { FieldErrors } from "../../platform/FieldErrors";
import type { FormValues } from "./quickCheckoutApi";

type Props = {
  values: FormValues;
  errors: Record<string, string[]>;
  onChange: (name: string, value: string) => void;
  /** On a Stripe shop the card goes into Stripe's Payment Element: only the name on it is ours. */
  stripe: OneFormStripeCard | null;
};

/** The payment method selector (§2): card, the default, or check/money order. */
export function PaymentFields({ values, errors, onChange, stripe }: Props) {
  const type = values.payment_type === "check" ? "check" : "card";
  return (
    <fieldset>
      <legend>Payment method</legend>
      <div className="mode-choice">
        {(["card", "check"] as const).map((t) => (
          <label key={t}>
            <input
              type="radio"
              name="payment_type"
              value={t}
              checked={type === t}
              onChange={() => onChange("payment_type", t)}
            />{" "}
            {t === "card" ? "Credit card" : "Check / money order"}
          </label>
        ))}
      </div>
      <FieldErrors id="id_payment_type_errors" messages={errors.payment_type ?? []} />
      {type === "check" ? (
        <p>Your membership starts once your check or money order arrives.</p>
      ) : stripe ? (
        <OneFormStripeCardFields card={stripe} values={values} errors={errors} onChange={onChange} />
      ) : (
        <CardFields values={values} errors={errors} onChange={onChange} />
      )}
    </fieldset>
  );
}
