import type { CheckoutPlacedAnswer } from "@shop/shared/checkout/api";
import type { QuickCheckoutItemAnswer } from "@shop/shared/checkout/quick-checkout";
import type { QuickCardFormAnswer, QuickCheckoutPaymentAnswer } from "@shop/shared/checkout/quick-donation";
import { api } from "../../app/api";

export type FormValues = Record<string, string>;
type MembershipForm = { values: FormValues; idempotencyKey: string };

/** POST /api/store/shop/quick-checkout/: the whole form at once, with one Idempotency-Key per visit of the page. */
export const quickCheckoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    quickCheckoutItem: build.query<QuickCheckoutItemAnswer["item"], string>({
      query: (sku) => ({ url: "/api/store/shop/quick-checkout/", params: { sku } }),
      transformResponse: (r: QuickCheckoutItemAnswer) => r.item,
    }),
    quickCheckout: build.mutation<CheckoutPlacedAnswer, MembershipForm>({
      query: ({ values, idempotencyKey }) => ({
        url: "/api/store/shop/quick-checkout/",
        method: "POST",
        body: values,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    }),
    // How the form takes the card: its own fields, or Stripe's Payment Element.
    quickCheckoutCardForm: build.query<QuickCardFormAnswer, void>({
      query: () => "/api/store/shop/quick-checkout/payment/",
    }),
    // Stripe mode: the PaymentIntent the Payment Element confirms for this membership (its key and price).
    quickCheckoutPayment: build.mutation<QuickCheckoutPaymentAnswer, MembershipForm>({
      query: ({ values, idempotencyKey }) => ({
        url: "/api/store/shop/quick-checkout/payment/",
        method: "POST",
        body: values,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    }),
  }),
});

export const {
  useQuickCheckoutItemQuery,
  useQuickCheckoutMutation,
  useQuickCheckoutCardFormQuery,
  useQuickCheckoutPaymentMutation,
} = quickCheckoutApi;
