import { z } from "zod";
import {
  CreateNewsletterListRequest,
  NewsletterListQuery,
  NewsletterSignupRequest,
  NewsletterSubscriberQuery,
  NewsletterTokenRequest,
  UkSignupRequest,
  UpdateNewsletterListRequest,
} from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

const LIST_BASE = "/admin/api/newsletters/list/";
const list = {
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  requires_postal_code: z.boolean(),
  active: z.boolean(),
  version: z.number(),
};
const subscriber = z.object({
  email: z.string(),
  status: z.enum(["pending", "confirmed", "unsubscribed"]),
  lists: z.string(),
  postal_code: z.string(),
  requested_at: z.string(),
  confirmed_at: z.string().nullable(),
});
const outcome = { outcome: z.enum(["thanks", "needs-finished"]), message: z.string() };

/** The newsletter form, its double opt-in, the UK signup, and the staff's lists and subscribers. */
export const NEWSLETTER_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/newsletters/lists/",
    summary: "The active newsletter lists the form offers (requires_postal_code marks the events list)",
    fields: {
      items: z.array(
        z.object({
          id: z.number(),
          slug: z.string(),
          name: z.string(),
          description: z.string(),
          requires_postal_code: z.boolean(),
        }),
      ),
    },
  },
  {
    method: "POST",
    path: "/newsletters/signup/",
    refusals: ["NEWSLETTER_FORM_INVALID", "NEWSLETTER_LIST_NOT_FOUND"],
    summary:
      "The newsletter form: outcome needs-finished whatever the address (new, waiting or confirmed), so it tells " +
      "nobody who subscribes; a confirmation mail is queued at most once per address per hour, never to a confirmed one",
    body: NewsletterSignupRequest,
    fields: outcome,
  },
  {
    method: "POST",
    path: "/api/newsletters/confirm/",
    refusals: ["NEWSLETTER_LINK_INVALID"],
    summary: "Follow the confirmation mail's link: the address receives the lists (outcome thanks)",
    body: NewsletterTokenRequest,
    fields: outcome,
  },
  {
    method: "POST",
    path: "/api/newsletters/unsubscribe/",
    refusals: ["NEWSLETTER_LINK_INVALID"],
    summary: "Follow a mail's unsubscribe link: the address leaves every list",
    body: NewsletterTokenRequest,
    fields: { message: z.string() },
  },
  {
    method: "POST",
    path: "/newsletters/uk-signup/",
    summary: "The UK email signup form: success, message, errors (400 with the failure message when refused)",
    body: UkSignupRequest,
    fields: { success: z.boolean(), message: z.string(), errors: z.array(z.string()) },
  },
  {
    method: "POST",
    path: LIST_BASE,
    refusals: ["NEWSLETTER_LIST_EXISTS"],
    summary: "Add a newsletter list",
    body: CreateNewsletterListRequest,
    status: 201,
    fields: list,
  },
  {
    method: "GET",
    path: LIST_BASE,
    summary: "The newsletter lists (count/start/sort, q over name and slug)",
    query: NewsletterListQuery,
    fields: { items: z.array(z.object(list)), total: z.number(), count: z.number(), start: z.number() },
  },
  {
    method: "GET",
    path: `${LIST_BASE}:id/`,
    refusals: ["NEWSLETTER_LIST_NOT_FOUND"],
    summary: "One newsletter list",
    fields: list,
  },
  {
    method: "PUT",
    path: `${LIST_BASE}:id/`,
    refusals: ["NEWSLETTER_LIST_NOT_FOUND"],
    summary: "Change a newsletter list (every field, with expected_version)",
    body: UpdateNewsletterListRequest,
    fields: list,
  },
  {
    method: "GET",
    path: "/admin/api/newsletters/subscriber/",
    summary: "The subscribers (count/start/sort, q over the address, status)",
    query: NewsletterSubscriberQuery,
    fields: { items: z.array(subscriber), total: z.number(), count: z.number(), start: z.number() },
  },
  {
    method: "GET",
    path: "/admin/api/newsletters/subscriber/:email/",
    refusals: ["NEWSLETTER_SUBSCRIBER_NOT_FOUND"],
    summary: "One subscriber, by email address",
    fields: subscriber.shape,
  },
  {
    method: "GET",
    path: "/admin/api/newsletters/subscribers.csv",
    summary:
      "The subscribers as CSV (email, status, lists, postal_code, requested_at, confirmed_at; q and status filter)",
    query: NewsletterSubscriberQuery,
    mediaType: "text/csv",
  },
];
