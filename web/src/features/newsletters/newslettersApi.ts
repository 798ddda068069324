import type { NewsletterListsAnswer, NewsletterSignupAnswer, UkSignupAnswer } from "@shop/shared/newsletters/api";
import { api } from "../../app/api";

/** The newsletter form's lists, its send, the mail's confirm and unsubscribe links, and the UK signup. */
export const newslettersApi = api.injectEndpoints({
  endpoints: (build) => ({
    newsletterLists: build.query<NewsletterListsAnswer, void>({ query: () => ({ url: "/api/newsletters/lists/" }) }),
    newsletterSignup: build.mutation<NewsletterSignupAnswer, { action: string; body: Record<string, unknown> }>({
      query: ({ action, body }) => ({ url: action, method: "POST", body }),
    }),
    confirmNewsletter: build.mutation<NewsletterSignupAnswer, { token: string }>({
      query: (body) => ({ url: "/api/newsletters/confirm/", method: "POST", body }),
    }),
    unsubscribeNewsletter: build.mutation<{ message: string }, { token: string }>({
      query: (body) => ({ url: "/api/newsletters/unsubscribe/", method: "POST", body }),
    }),
    ukSignup: build.mutation<UkSignupAnswer, { email: string }>({
      query: (body) => ({ url: "/newsletters/uk-signup/", method: "POST", body }),
    }),
  }),
});

export const {
  useNewsletterListsQuery,
  useNewsletterSignupMutation,
  useConfirmNewsletterMutation,
  useUnsubscribeNewsletterMutation,
  useUkSignupMutation,
} = newslettersApi;

/** 'field: message' lines of a refusal, by field. */
export function errorsByField(error: unknown): Record<string, string[]> | null {
  if (!error || typeof error !== "object" || !("data" in error)) return null;
  const data = (error as { data?: { metadata?: { errors?: unknown } } }).data;
  const lines = data?.metadata?.errors;
  if (!Array.isArray(lines)) return null;
  const byField: Record<string, string[]> = {};
  for (const line of lines) {
    const text = String(line);
    const at = text.indexOf(": ");
    const field = at > 0 ? text.slice(0, at) : "__all__";
    byField[field] = [...(byField[field] ?? []), at > 0 ? text.slice(at + 2) : text];
  }
  return byField;
}
