import type {
  CheckoutPaymentAnswer,
  CheckoutPlacedAnswer,
  CheckoutShippingAnswer,
  CheckoutStateAnswer,
  CheckoutStepAnswer,
} from "@shop/shared/checkout/api";
import type { CheckoutSummaryAnswer } from "@shop/shared/checkout/summary-api";
import { api } from "../../app/api";

export type StepName = "info" | "delivery" | "shipping";
export type FormValues = Record<string, string>;

const C = "/api/store/shop/checkout/";

/** §7 checkout calls. Each step's POST answers the next step; the GETs are fetched afresh when their step opens. */
export const checkoutApi = api.enhanceEndpoints({ addTagTypes: ["CheckoutSummary"] }).injectEndpoints({
  endpoints: (build) => ({
    checkoutState: build.query<CheckoutStateAnswer, void>({ query: () => C, keepUnusedDataFor: 0 }),
    /** The order beside every step: fetched again after each step, which may have chosen the shipping. */
    checkoutSummary: build.query<CheckoutSummaryAnswer, void>({
      query: () => `${C}summary/`,
      keepUnusedDataFor: 0,
      providesTags: ["CheckoutSummary"],
    }),
    submitStep: build.mutation<CheckoutStepAnswer, { step: StepName; values: FormValues }>({
      query: ({ step, values }) => ({ url: `${C}${step}/`, method: "POST", body: values }),
      invalidatesTags: ["CheckoutSummary"],
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
  useCheckoutSummaryQuery,
  useSubmitStepMutation,
  useShippingOptionsQuery,
  usePaymentSummaryQuery,
  usePlaceOrderMutation,
} = checkoutApi;
