import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from "react";
import { loadStripeJs, type StripeElements, type StripeJs } from "./stripeJs";

export interface StripeCardFieldsHandle {
  /** Confirms the PaymentIntent in the browser: its id once authorised, or the message to show. */
  confirm(): Promise<{ paymentIntent: string } | { error: string }>;
}

/**
 * Stripe mode's card form: Stripe's Payment Element in its own frame, so the card number goes from
 * the shopper's browser to Stripe and never to our server. The PaymentIntent is the server's (one per
 * checkout round and total); the browser confirms it with redirect 'if_required'.
 */
export const StripeCardFields = forwardRef<
  StripeCardFieldsHandle,
  { publishableKey: string; clientSecret: string; errors: string[] }
>(function StripeCardFields({ publishableKey, clientSecret, errors }, ref) {
  const target = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; elements: StripeElements } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    loadStripeJs()
      .then((factory) => {
        if (cancelled || !target.current) return;
        const js = factory(publishableKey);
        const elements = js.elements({ clientSecret });
        const element = elements.create("payment", { layout: "tabs" });
        element.mount(target.current);
        stripe.current = { js, elements };
        destroy = () => element.destroy();
      })
      .catch(() => setProblem("The card form could not be loaded. Please refresh this page."));
    return () => {
      cancelled = true;
      stripe.current = null;
      destroy();
    };
  }, [publishableKey, clientSecret]);

  useImperativeHandle(ref, () => ({
    async confirm() {
      const loaded = stripe.current;
      if (!loaded) return { error: problem ?? "The card form is still loading. Please try again." };
      const { error, paymentIntent } = await loaded.js.confirmPayment({
        elements: loaded.elements,
        redirect: "if_required",
        confirmParams: { return_url: window.location.href },
      });
      if (error || !paymentIntent) return { error: error?.message ?? "Your payment was not completed." };
      return { paymentIntent: paymentIntent.id };
    },
  }));

  const messages = [...(problem ? [problem] : []), ...errors];
  return (
    <div className="card-fields stripe-card-fields">
      <div ref={target} id="id_stripe_payment" />
      {messages.length ? (
        // Announced: a decline from Stripe's frame comes back here, not through the page's refusal alert.
        <p className="field-error" id="id_card_number_errors" role="alert">
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
});
