import type { Ref } from "react";
import { CardFields } from "../checkout/CardFields";
import { FormField } from "../checkout/FormField";
import { StripeCardFields, type StripeCardFieldsHandle } from "../checkout/StripeCardFields";
import { FieldErrors } from "../../platform/FieldErrors";
import type { FormValues } from "./quickCheckoutApi";

/** Stripe mode: the PaymentIntent the Payment Element confirms (once the form asked for it), and its messages. */
export interface StripeCard {
  intent: { publishable_key: string; client_secret: string } | null;
  ref: Ref<StripeCardFieldsHandle>;
  errors: string[];
}

type Props = {
  values: FormValues;
  errors: Record<string, string[]>;
  onChange: (name: string, value: string) => void;
  /** On a Stripe shop the card goes into Stripe's Payment Element: only the name on it is ours. */
  stripe: StripeCard | null;
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
        <>
          <FormField
            name="name_on_card"
            label="Name on card"
            autoComplete="cc-name"
            required
            values={values}
            errors={errors}
            onChange={onChange}
          />
          {stripe.intent ? (
            <StripeCardFields
              ref={stripe.ref}
              publishableKey={stripe.intent.publishable_key}
              clientSecret={stripe.intent.client_secret}
              errors={stripe.errors}
            />
          ) : null}
        </>
      ) : (
        <CardFields values={values} errors={errors} onChange={onChange} />
      )}
    </fieldset>
  );
}
