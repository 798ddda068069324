import { z } from "zod";
import { FORM_MESSAGES } from "../domain/messages.ts";
import { isUnitedStates, usStateMessage } from "./us-states.ts";
import { boundedText } from "../http/request-fields.ts";

/** The address book's messages (storefront §8, Addresses). */
export const ADDRESS_MESSAGES = {
  removed: "The address has been permanently removed.",
  confirmRemove: "Are you sure you want to delete this address from your account?",
  editFailed: "The address could not be edited. Please refresh this page and try again.",
  createFailed: "The address could not be created. Please refresh this page and try again.",
  madeDefault: "This address is now your default address.",
} as const;

const text = (max = 200) => boundedText(max).optional().default("");

/**
 * One address as the address form posts it (POST /api/account/addresses/ and PUT .../{id}/), fields
 * trimmed (§5 'Address forms'): first and last name, street1, city and postal code are required, and
 * the state when the country is the US (§5 'a new shipping address').
 */
export const AddressFields = z
  .object({
    first_name: text(),
    last_name: text(),
    street1: text(),
    street2: text(),
    city: text(),
    state: text(100),
    postal_code: text(20),
    country: text(100).transform((c) => c || "United States"),
    phone: text(40),
  })
  .superRefine((a, ctx) => {
    const required = ["first_name", "last_name", "street1", "city", "postal_code"] as const;
    for (const field of required)
      if (!a[field]) ctx.addIssue({ code: "custom", path: [field], message: FORM_MESSAGES.required });
    const stateProblem = isUnitedStates(a.country) ? usStateMessage(a.state) : null;
    if (stateProblem) ctx.addIssue({ code: "custom", path: ["state"], message: stateProblem });
  })
  .meta({
    description: "first_name, last_name, street1, city and postal_code are required; state too (a code) in the US.",
    required: ["first_name", "last_name", "street1", "city", "postal_code"],
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
        },
      ],
    },
  });
export type AddressFields = z.infer<typeof AddressFields>;

/** An address of the book: GET /api/account/addresses/ items. */
export const AddressItem = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
  is_default: z.boolean(),
});
export type AddressItem = z.infer<typeof AddressItem>;
