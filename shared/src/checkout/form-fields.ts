import { z } from "zod";
import { REQUEST_FIELD_MESSAGES } from "../http/request-fields.ts";

/** A form field as the old site posts it: absent or null is blank; trimmed (storefront §5 address forms). */
export const formField = (max = 200) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
    .pipe(z.string().max(max, REQUEST_FIELD_MESSAGES.tooLong(max)));

/** The billing form's fields (storefront §3), as the four-step and the quick checkout post them. */
export const billingFormFields = {
  first_name: formField(),
  last_name: formField(),
  street1: formField(),
  street2: formField(),
  city: formField(),
  state: formField(100),
  postal_code: formField(20),
  country: formField(100).transform((c) => c || "US"),
  email: formField(254),
  org_name: formField(),
};

/** A typed shipping address's fields: the billing form's names with `ship_`. */
export const shipFormFields = {
  ship_first_name: formField(),
  ship_last_name: formField(),
  ship_street1: formField(),
  ship_street2: formField(),
  ship_city: formField(),
  ship_state: formField(100),
  ship_postal_code: formField(20),
  ship_country: formField(100).transform((c) => c || "US"),
};

/** The card's and the check's fields after the payment type. */
export const paymentFormFields = {
  card_number: formField(40),
  exp_month: formField(2),
  exp_year: formField(4),
  cvv: formField(4),
  name_on_card: formField(),
  check_number: formField(30),
};
