import type { CheckoutPlacedAnswer } from "@shop/shared/checkout/api";
import type { QuickDonationCardFormAnswer, QuickDonationPaymentAnswer } from "@shop/shared/checkout/quick-donation";
import { api } from "../../app/api";

type GiftForm = { values: Record<string, string>; idempotencyKey: string };

/** POST /api/store/shop/quick-donation/: the gift form at once, with one Idempotency-Key per visit of the page. */
export const quickDonationApi = api.injectEndpoints({
  endpoints: (build) => ({
    quickDonation: build.mutation<CheckoutPlacedAnswer, GiftForm>({
      query: ({ values, idempotencyKey }) => ({
        url: "/api/store/shop/quick-donation/",
        method: "POST",
        body: values,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    }),
    // How the form takes the card: its own fields, or Stripe's Payment Element.
    quickDonationCardForm: build.query<QuickDonationCardFormAnswer, void>({
      query: () => "/api/store/shop/quick-donation/payment/",
    }),
    // Stripe mode: the PaymentIntent the Payment Element confirms for this gift (its key, amount, monthly choice).
    quickDonationPayment: build.mutation<QuickDonationPaymentAnswer, GiftForm>({
      query: ({ values, idempotencyKey }) => ({
        url: "/api/store/shop/quick-donation/payment/",
        method: "POST",
        body: values,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    }),
  }),
});

export const { useQuickDonationMutation, useQuickDonationCardFormQuery, useQuickDonationPaymentMutation } =
  quickDonationApi;
