/** The few parts of Stripe.js (https://js.stripe.com/v3) the payment step uses. */
export interface StripeElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
export interface StripeElements {
  create(type: "payment", options?: { layout?: "tabs" | "accordion" }): StripeElement;
  submit(): Promise<{ error?: { message?: string } }>;
}
export interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    redirect: "if_required";
    confirmParams: { return_url: string };
  }): Promise<{ error?: { type?: string; message?: string }; paymentIntent?: { id: string; status: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const STRIPE_JS = "https://js.stripe.com/v3/";
let loading: Promise<StripeFactory> | null = null;

/**
 * Loads Stripe.js from js.stripe.com (Stripe requires it be loaded from there, never bundled), once.
 * The CSP allows that host only when the server's gateway is Stripe.
 */
export function loadStripeJs(): Promise<StripeFactory> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe);
    const script = document.createElement("script");
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error("Stripe.js did not load")));
    script.onerror = () => {
      loading = null;
      reject(new Error("Stripe.js could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}
