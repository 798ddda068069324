import type {
  CheckoutPaymentAnswer,
  CheckoutPlacedAnswer,
  CheckoutShippingAnswer,
  CheckoutStateAnswer,
  CheckoutStepAnswer,
} from "@shop/shared/checkout/api";
import { api } from "../../app/api";

export type StepName = "info" | "delivery" | "shipping";
export type FormValues = Record<string, string>;

const C = "/api/store/shop/checkout/";

/** §7 checkout calls. Each step's POST answers the next step; the GETs are fetched afresh when their step opens. */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkoutState: build.query<CheckoutStateAnswer, void>({ query: () => C, keepUnusedDataFor: 0 }),
    submitStep: build.mutation<CheckoutStepAnswer, { step: StepName; values: FormValues }>({
      query: ({ step, values }) => ({ url: `${C}${step}/`, method: "POST", body: values }),
    }),
    shippingOptions: build.query<CheckoutShippingAnswer, number>({
      query: (x) => ({ url: `${C}shipping/`, params: { x } }),
      keepUnusedDataFor: 0,
    }),
    paymentSummary: build.query<CheckoutPaymentAnswer, number>({
      query: (x) => ({ url: `${C}payment/`, params: { x } }),
      keepUnusedDataFor: 0,
    }),
    placeOrder: build.mutation<CheckoutPlacedAnswer, { values: FormValues; idempotencyKey: string }>({
      query: ({ values, idempotencyKey }) => ({
        url: `${C}payment/`,
        method: "POST",
        body: values,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
      invalidatesTags: ["Cart", "MiniCart"],
    }),
  }),
});

export const {
  useCheckoutStateQuery,
  useSubmitStepMutation,
  useShippingOptionsQuery,
  usePaymentSummaryQuery,
  usePlaceOrderMutation,
} = checkoutApi;
