import type { ErrorsByField } from "../../platform/formCheck";
import type { FormValues, StepName } from "./checkoutApi";

/** What the page gives each step's form: the values typed so far, their messages, and how to send. */
export interface StepForm {
  values: FormValues;
  errors: ErrorsByField;
  change: (name: string, value: string) => void;
  checkEmail: (name: string, value: string) => void;
  /** The client checks' messages: true when there are none, else they show and the first field gets the focus. */
  passesChecks: (found: ErrorsByField) => boolean;
  send: (step: StepName, body: FormValues) => void;
  saving: boolean;
  /** A signed-in shopper may save a typed address to the book. */
  signedIn: boolean;
}

export const ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "street1",
  "street2",
  "city",
  "state",
  "postal_code",
  "country",
];
