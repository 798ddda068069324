import { type FormEvent, useId, useRef, useState } from "react";
import { FORM_MESSAGES } from "@shop/shared/domain/messages";
import { NEWSLETTER_MESSAGES } from "@shop/shared/newsletters/messages";
import { FieldErrors } from "../../platform/FieldErrors";
import { emailField, recheckField, scrollToFirstError } from "../../platform/formCheck";
import { errorsByField, useNewsletterListsQuery, useNewsletterSignupMutation } from "./newslettersApi";
import { type NewsletterPanel, NewsletterPanels } from "./NewsletterPanels";

/** The form's action: any path under /newsletters/ gets this behaviour (§2); this is the default one. */
export const NEWSLETTER_ACTION = "/newsletters/signup/";

/**
 * The newsletter signup (§4, §5). The old form posted into a hidden iframe and polled it every 500 ms,
 * up to 20 times, for markers; here one fetch answers which panel to show (thanks, needs-finished),
 * and a refusal or a network failure shows the field's message or the error panel. The rules are
 * checked here first, with the server's wording, and again on the server; the email also as the
 * visitor leaves its box.
 */
export function NewsletterForm({ action = NEWSLETTER_ACTION }: { action?: string }) {
  const { data } = useNewsletterListsQuery();
  const [signup, { isLoading }] = useNewsletterSignupMutation();
  const [email, setEmail] = useState("");
  const [postalCode, setPostalCode] = useState("");
  const [chosen, setChosen] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [panel, setPanel] = useState<NewsletterPanel | null>(null);
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const lists = data?.items ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string[]> =
      email.trim() === "" ? { email: [FORM_MESSAGES.required] } : recheckField({}, emailField(email.trim()));
    if (chosen.length === 0) found.lists = [NEWSLETTER_MESSAGES.noList];
    const needsPostal = lists.some((l) => l.requires_postal_code && chosen.includes(l.id));
    if (needsPostal && postalCode.trim() === "") found.postal_code = [NEWSLETTER_MESSAGES.postalCodeRequired];
    setErrors(found);
    if (Object.keys(found).length) return scrollToFirstError(formRef);
    setPanel(null);
    const result = await signup({ action, body: { email, lists: chosen, postal_code: postalCode } });
    if ("data" in result && result.data) {
      setPanel(result.data.outcome);
      return;
    }
    const byField = errorsByField(result.error);
    const { __all__: _all, ...fieldErrors } = byField ?? {};
    if (byField && Object.keys(fieldErrors).length) setErrors(fieldErrors);
    else setPanel("error");
  };

  if (panel === "thanks" || panel === "needs-finished") return <NewsletterPanels panel={panel} />;

  return (
    <form className="newsletter-form" action={action} method="post" noValidate onSubmit={submit} ref={formRef}>
      <div className="form-field">
        <label htmlFor={`${ids}-email`}>Email address</label>
        <input
          id={`${ids}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (errors.email) setErrors(recheckField(errors, emailField(e.target.value.trim())));
          }}
          onBlur={(e) => setErrors(recheckField(errors, emailField(e.target.value.trim())))}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${ids}-email-errors` : undefined}
        />
        <FieldErrors id={`${ids}-email-errors`} messages={errors.email} />
      </div>
      <fieldset
        className="newsletter-lists"
        aria-invalid={errors.lists ? true : undefined}
        aria-describedby={errors.lists ? `${ids}-lists-errors` : undefined}
      >
        <legend>Our newsletters</legend>
        {lists.map((list) => (
          <div key={list.id} className="newsletter-list">
            <input
              id={`${ids}-list-${list.id}`}
              type="checkbox"
              name="lists"
              value={list.id}
              checked={chosen.includes(list.id)}
              onChange={(e) =>
                setChosen((now) => (e.target.checked ? [...now, list.id] : now.filter((id) => id !== list.id)))
              }
            />
            <label htmlFor={`${ids}-list-${list.id}`}>
              {list.name}
              {list.description && <span className="newsletter-description"> — {list.description}</span>}
            </label>
          </div>
        ))}
        <FieldErrors id={`${ids}-lists-errors`} messages={errors.lists} />
      </fieldset>
      <div className="form-field">
        <label htmlFor={`${ids}-postal`}>Postal code</label>
        <input
          id={`${ids}-postal`}
          name="postal_code"
          autoComplete="postal-code"
          value={postalCode}
          onChange={(e) => setPostalCode(e.target.value)}
          aria-invalid={errors.postal_code ? true : undefined}
          aria-describedby={errors.postal_code ? `${ids}-postal-errors` : undefined}
        />
        <FieldErrors id={`${ids}-postal-errors`} messages={errors.postal_code} />
      </div>
      <button type="submit" className="button" disabled={isLoading}>
        Sign up
      </button>
      <NewsletterPanels panel={panel} />
    </form>
  );
}
