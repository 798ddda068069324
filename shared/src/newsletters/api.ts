import { z } from "zod";
import { FORM_MESSAGES } from "../domain/messages.ts";
export { NEWSLETTER_MESSAGES } from "./messages.ts";
import {
  blankAsAbsent,
  boundedText,
  checkbox,
  listCount,
  listStart,
  pgInt,
  requiredText,
} from "../http/request-fields.ts";

/** What the form shows after a send: the old site's thanks, finishSubscription and error markers. */
export type NewsletterOutcome = "thanks" | "needs-finished";

const email = requiredText(320)
  .pipe(z.email({ error: (i) => FORM_MESSAGES.invalidEmail(String(i.input)) }))
  .meta({ format: "email", override: { examples: ["someone@example.org"] } });
const idList = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(pgInt({ min: 1 })).max(50),
);

/** POST /newsletters/signup/ (the form's action; JSON or form-encoded). */
export const NewsletterSignupRequest = z.object({
  email,
  lists: idList,
  postal_code: boundedText(20).default(""),
});
export type NewsletterSignupRequest = z.infer<typeof NewsletterSignupRequest>;

/** Its answer: which panel to show. */
export interface NewsletterSignupAnswer {
  metadata: { success: true };
  outcome: NewsletterOutcome;
  message: string;
}

/** POST /api/newsletters/confirm/ and /api/newsletters/unsubscribe/: the token from the mail's link. */
export const NewsletterTokenRequest = z.object({ token: requiredText(100) });

/** POST /newsletters/uk-signup/: the UK email signup form. */
export const UkSignupRequest = z.object({ email });
/** Its answer, as the old endpoint's (§7): success, message, errors. */
export interface UkSignupAnswer {
  success: boolean;
  message: string;
  errors: string[];
  /** The envelope every answer carries, beside the old endpoint's fields (the code on a refusal). */
  metadata: { success: boolean; message: string; errors: string[]; code?: "INVALID_REQUEST" };
}

/** GET /api/newsletters/lists/: the active lists the form offers. */
export interface NewsletterListOption {
  id: number;
  slug: string;
  name: string;
  description: string;
  requires_postal_code: boolean;
}
export interface NewsletterListsAnswer {
  metadata: { success: true };
  items: NewsletterListOption[];
}

const listBody = {
  slug: requiredText(50).pipe(z.string().regex(/^[a-z0-9-]+$/, "Use lower-case letters, digits and hyphens.")),
  name: requiredText(100),
  description: boundedText(500).default(""),
  requires_postal_code: checkbox.default(false),
  active: checkbox.default(true),
};

/** POST /admin/api/newsletters/list/ */
export const CreateNewsletterListRequest = z.object(listBody);
export type CreateNewsletterListRequest = z.infer<typeof CreateNewsletterListRequest>;
/** PUT /admin/api/newsletters/list/{id}/ */
export const UpdateNewsletterListRequest = z.object({ ...listBody, expected_version: pgInt({ min: -1 }).optional() });

export const NEWSLETTER_LIST_SORT_COLUMNS = ["id", "slug", "name"] as const;
export const NEWSLETTER_SUBSCRIBER_SORT_COLUMNS = ["email", "status", "requested_at", "confirmed_at"] as const;

const sort = (fallback: string) =>
  z
    .string()
    .regex(/^-?[a-z_]{1,100}$/, "Enter a column name, or -column for descending.")
    .default(fallback);

export const NewsletterListQuery = z.object({
  start: listStart(),
  count: listCount(),
  sort: sort("name"),
  q: blankAsAbsent(boundedText(200).optional()),
});
export type NewsletterListQuery = z.infer<typeof NewsletterListQuery>;

/** GET /admin/api/newsletters/subscriber/ (and the CSV export): q over the email address, status. */
export const NewsletterSubscriberQuery = z.object({
  start: listStart(),
  count: listCount(),
  sort: sort("-requested_at"),
  q: blankAsAbsent(boundedText(200).optional()),
  status: blankAsAbsent(z.enum(["pending", "confirmed", "unsubscribed"]).optional()),
});
export type NewsletterSubscriberQuery = z.infer<typeof NewsletterSubscriberQuery>;
