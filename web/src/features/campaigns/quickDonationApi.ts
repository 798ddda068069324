import type { CheckoutPlacedAnswer } from "@shop/shared/checkout/api";
import { api } from "../../app/api";

/** POST /api/store/shop/quick-donation/: the gift form at once, with one Idempotency-Key per visit of the page. */
export const quickDonationApi = api.injectEndpoints({
  endpoints: (build) => ({
    quickDonation: build.mutation<CheckoutPlacedAnswer, { values: Record<string, string>; idempotencyKey: string }>({
      query: ({ values, idempotencyKey }) => ({
        url: "/api/store/shop/quick-donation/",
        method: "POST",
        body: values,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    }),
  }),
});

export const { useQuickDonationMutation } = quickDonationApi;
