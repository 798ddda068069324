import type { CheckoutPlacedAnswer } from "@shop/shared/checkout/api";
import type { QuickCheckoutItemAnswer } from "@shop/shared/checkout/quick-checkout";
import { api } from "../../app/api";

export type FormValues = Record<string, string>;

/** POST /api/store/shop/quick-checkout/: the whole form at once, with one Idempotency-Key per visit of the page. */
export const quickCheckoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    quickCheckoutItem: build.query<QuickCheckoutItemAnswer["item"], string>({
      query: (sku) => ({ url: "/api/store/shop/quick-checkout/", params: { sku } }),
      transformResponse: (r: QuickCheckoutItemAnswer) => r.item,
    }),
    quickCheckout: build.mutation<CheckoutPlacedAnswer, { values: FormValues; idempotencyKey: string }>({
      query: ({ values, idempotencyKey }) => ({
        url: "/api/store/shop/quick-checkout/",
        method: "POST",
        body: values,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    }),
  }),
});

export const { useQuickCheckoutItemQuery, useQuickCheckoutMutation } = quickCheckoutApi;
