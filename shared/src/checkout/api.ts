import { z } from "zod";
import { FORM_MESSAGES } from "../domain/messages.ts";
import { isEmailAddress } from "../domain/text-format.ts";
import { isUnitedStates, usStateMessage } from "../addresses/us-states.ts";
import { billingFormFields, formField as field, paymentFormFields, shipFormFields } from "./form-fields.ts";

type Issues = z.core.$RefinementCtx;
const required = (ctx: Issues, value: string, path: string) => {
  if (!value) ctx.addIssue({ code: "custom", path: [path], message: FORM_MESSAGES.required });
};
const email = (ctx: Issues, value: string, path: string) => {
  if (!value) required(ctx, value, path);
  else if (!isEmailAddress(value))
    ctx.addIssue({ code: "custom", path: [path], message: FORM_MESSAGES.invalidEmail(value) });
};

/** The address fields every address form has, named as the billing form names them. */
export const Address = z.object({
  first_name: z.string(),
  last_name: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});
export type Address = z.infer<typeof Address>;

/**
 * An address picked in the checkout (storefront §3 'Address', §7): 1 is the billing address; an
 * address of the signed-in shopper's book is its id plus one, so the book's addresses count up from 2.
 * Blank: none picked (the fields typed are used).
 */
const addressChoice = field(12)
  .pipe(z.string().regex(/^\d*$/, "Select a valid choice."))
  .transform((v) => (v ? Number(v) : null));

/** The checkout's id of an address of the book, and back (1 is the billing address). */
export const BILLING_ADDRESS_CHOICE = 1;
export const choiceOfAddress = (addressId: number) => addressId + 1;
export const addressOfChoice = (choice: number) => choice - 1;

/** 'Save to my address book' (a signed-in shopper's checkbox): 'on', 'true' or '1' ticks it. */
const saveAddress = field(5)
  .transform((v) => ["on", "true", "1"].includes(v.toLowerCase()))
  .meta({ description: "on: add the typed address to the signed-in shopper's address book (once)" });

/**
 * POST /api/store/shop/checkout/info/: the billing form (storefront §3 checkout billing fields), or
 * `billing_address_id` (an address of the book, as the checkout numbers them) with email and org_name.
 */
export const CheckoutInfoRequest = z
  .object({
    billing_address_id: addressChoice,
    ...billingFormFields,
    save_address: saveAddress,
  })
  .superRefine((v, ctx) => {
    if (v.billing_address_id === null) {
      for (const name of ["first_name", "last_name", "street1", "city", "postal_code"] as const)
        required(ctx, v[name], name);
      const stateProblem = isUnitedStates(v.country) ? usStateMessage(v.state) : null;
      if (stateProblem) ctx.addIssue({ code: "custom", path: ["state"], message: stateProblem });
    }
    email(ctx, v.email, "email");
  })
  .meta({
    description:
      "email always; without billing_address_id also first_name, last_name, street1, city, postal_code, and state (a code) in the US.",
    override: {
      examples: [
        {
          first_name: "Ruth",
          last_name: "Moab",
          street1: "1 Main St",
          city: "Lexington",
          state: "KY",
          postal_code: "40502",
          country: "United States",
          email: "ruth@example.org",
        },
      ],
    },
  });
export type CheckoutInfoRequest = z.infer<typeof CheckoutInfoRequest>;

/**
 * POST /api/store/shop/checkout/delivery/: the ship_* fields and the digital delivery email, or
 * `shipping_address_id` (1: the billing address; 2 and up: an address of the book) in place of the ship_* fields.
 */
export const CheckoutDeliveryRequest = z.object({
  shipping_address_id: addressChoice,
  ...shipFormFields,
  digital_email: field(254),
  save_address: saveAddress,
});
export type CheckoutDeliveryRequest = z.infer<typeof CheckoutDeliveryRequest>;

/**
 * The delivery form's messages, by field: the ship_* fields only when something ships,
 * digital_email only when something is digital (storefront §4 checkout).
 */
export function deliveryFieldErrors(
  input: CheckoutDeliveryRequest,
  needs: { ships: boolean; digital: boolean },
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (name: string, message: string) => {
    errors[name] = [...(errors[name] ?? []), message];
  };
  if (needs.ships) {
    for (const name of ["ship_first_name", "ship_last_name", "ship_street1", "ship_city", "ship_postal_code"] as const)
      if (!input[name]) add(name, FORM_MESSAGES.required);
    const stateProblem = isUnitedStates(input.ship_country) ? usStateMessage(input.ship_state) : null;
    if (stateProblem) add("ship_state", stateProblem);
  }
  if (needs.digital) {
    if (!input.digital_email) add("digital_email", FORM_MESSAGES.required);
    else if (!isEmailAddress(input.digital_email))
      add("digital_email", FORM_MESSAGES.invalidEmail(input.digital_email));
  }
  return errors;
}

/** POST /api/store/shop/checkout/shipping/ */
export const CheckoutShippingRequest = z.object({
  shipping_method: field(50)
    .refine((v) => v.length > 0, FORM_MESSAGES.required)
    .meta({ minLength: 1, override: { examples: ["ground"] } }),
});

/** POST /api/store/shop/checkout/payment/: card (the default), check/money order, or none when the total is 0. */
export const CheckoutPaymentRequest = z.object({
  payment_type: field(20)
    .transform((v) => v || "card")
    .pipe(z.enum(["card", "check", "none"], { error: "Select a valid choice." })),
  ...paymentFormFields,
  /** Stripe mode: the PaymentIntent the browser confirmed (pi_…); the card fields are not sent then. */
  payment_intent: field(100),
});
export type CheckoutPaymentRequest = z.infer<typeof CheckoutPaymentRequest>;

const metadata = z.object({ success: z.boolean(), message: z.string().optional(), errors: z.array(z.string()) });

/** Stripe mode: what the page mounts the Payment Element with (the PaymentIntent it confirms). */
export const StripePaymentView = z.object({ publishable_key: z.string(), client_secret: z.string() });
export type StripePaymentView = z.infer<typeof StripePaymentView>;

/** The answer to each step's POST: the step to show next (2 to 4). */
export const CheckoutStepAnswer = z.object({ metadata, step: z.number().int().min(1).max(4) });
export type CheckoutStepAnswer = z.infer<typeof CheckoutStepAnswer>;

export const ShippingMethodView = z.object({
  code: z.string(),
  label: z.string(),
  price: z.string(),
  price_cents: z.number(),
});

/** GET /api/store/shop/checkout/shipping/ */
export const CheckoutShippingAnswer = z.object({
  metadata,
  shipping_options: z.string(),
  methods: z.array(ShippingMethodView),
  selected: z.string().nullable(),
});
export type CheckoutShippingAnswer = z.infer<typeof CheckoutShippingAnswer>;

/** GET /api/store/shop/checkout/payment/ */
export const CheckoutPaymentAnswer = z.object({
  metadata,
  order_summary: z.string(),
  total: z.string(),
  total_cents: z.number(),
  /** 'none' alone when the total is 0; else card (the default) and check. */
  payment_types: z.array(z.enum(["card", "check", "none"])),
  /**
   * Only when the gateway is Stripe and something is due: what Stripe's Payment Element needs.
   * The card is typed into Stripe's own frame and confirmed by the browser; our server never sees it.
   */
  stripe: StripePaymentView.optional(),
});
export type CheckoutPaymentAnswer = z.infer<typeof CheckoutPaymentAnswer>;

/** POST /api/store/shop/checkout/payment/ on success, and again for a repeated submit. */
export const CheckoutPlacedAnswer = z.object({
  metadata,
  order: z.object({ number: z.string() }),
  redirect: z.string(),
});
export type CheckoutPlacedAnswer = z.infer<typeof CheckoutPlacedAnswer>;

/** GET /api/store/shop/checkout/: where the checkout stands, so the page can show finished steps again. */
export const CheckoutStateAnswer = z.object({
  metadata,
  /** The furthest step the shopper may open now (1 when nothing is given yet). */
  step: z.number().int().min(1).max(4),
  ships: z.boolean(),
  digital: z.boolean(),
  empty: z.boolean(),
  billing: z.record(z.string(), z.string()).nullable(),
  delivery: z.record(z.string(), z.string()).nullable(),
  shipping_method: z.string().nullable(),
  /** The signed-in shopper's address book to pick from (empty for a guest): `id` as the checkout numbers it, `pk` the book's. */
  addresses: z.array(Address.extend({ id: z.number().int().min(2), pk: z.number().int(), is_default: z.boolean() })),
});
export type CheckoutStateAnswer = z.infer<typeof CheckoutStateAnswer>;

export const orderCompletePath = (number: string) => `/store/checkout/complete/${number}/`;
