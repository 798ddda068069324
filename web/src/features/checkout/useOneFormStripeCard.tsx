import { useRef, useState } from "react";
import type { ErrorsByField } from "../../platform/formCheck";
import { FormField } from "./FormField";
import { StripeCardFields, type StripeCardFieldsHandle } from "./StripeCardFields";

/** What the Payment Element is mounted with: the PaymentIntent the server made for the form. */
export interface StripeIntentView {
  publishable_key: string;
  client_secret: string;
}

/**
 * The card of a one-form page (Give now, the membership quick checkout) on a Stripe shop: the first
 * submit checks the form and makes its PaymentIntent (`makeIntent`), the next confirms it in Stripe's
 * Payment Element and posts the form with its id (`post`), then goes where the answer says. A decline
 * in the browser is shown by the card and never posted; a refused post forgets the intent, since the
 * key's next round asks for another.
 */
export function useOneFormStripeCard() {
  const [intent, setIntent] = useState<StripeIntentView | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const ref = useRef<StripeCardFieldsHandle>(null);

  /** One submit: true once the form was posted and the page is leaving, false when it waits for the shopper. */
  async function pay(
    makeIntent: () => Promise<StripeIntentView>,
    post: (paymentIntent: string) => Promise<{ redirect: string }>,
  ): Promise<boolean> {
    if (!intent) {
      setIntent(await makeIntent());
      return false;
    }
    const confirmed = await (ref.current?.confirm() ?? { error: "The card form is still loading." });
    if ("error" in confirmed) {
      setErrors([confirmed.error]);
      return false;
    }
    setErrors([]);
    try {
      window.location.assign((await post(confirmed.paymentIntent)).redirect);
      return true;
    } catch (error) {
      setIntent(null);
      throw error;
    }
  }

  return { intent, errors, ref, pay, forget: () => setIntent(null) };
}

export type OneFormStripeCard = ReturnType<typeof useOneFormStripeCard>;

/** Stripe mode's card fields on a one-form page: the holder's name (ours to ask) and, once made, Stripe's frame. */
export function OneFormStripeCardFields({
  card,
  values,
  errors,
  onChange,
}: {
  card: OneFormStripeCard;
  values: Record<string, string>;
  errors: ErrorsByField;
  onChange: (name: string, value: string) => void;
}) {
  return (
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
      {card.intent ? (
        <StripeCardFields
          ref={card.ref}
          publishableKey={card.intent.publishable_key}
          clientSecret={card.intent.client_secret}
          errors={card.errors}
        />
      ) : null}
    </>
  );
}
