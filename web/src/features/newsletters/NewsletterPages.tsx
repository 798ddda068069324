import { type FormEvent, useEffect, useId, useState } from "react";
import { useLocation } from "../../platform/router";
import { NEWSLETTER_MESSAGES } from "@shop/shared/newsletters/messages";
import { NewsletterForm } from "./NewsletterForm";
import { NewsletterPanels } from "./NewsletterPanels";
import { useConfirmNewsletterMutation, useUkSignupMutation, useUnsubscribeNewsletterMutation } from "./newslettersApi";
import "./newsletters.css";

const tokenOf = (search: string) => new URLSearchParams(search).get("token") ?? "";

/** /newsletters/: the signup form. */
export function NewsletterSignupPage() {
  return (
    <section className="newsletter-page">
      <h1>Sign up for our newsletters</h1>
      <NewsletterForm />
    </section>
  );
}

/**
 * /newsletters/confirm/?token=: the confirmation mail's link. The page confirms by POST once it is open
 * in a browser, so a mail scanner fetching the link confirms nothing.
 */
export function NewsletterConfirmPage() {
  const { search } = useLocation();
  const [confirm, { data, isError }] = useConfirmNewsletterMutation();
  useEffect(() => {
    const token = tokenOf(search);
    if (token) void confirm({ token });
  }, [search, confirm]);
  return (
    <section className="newsletter-page">
      <h1>Your newsletter subscription</h1>
      {data && <NewsletterPanels panel="thanks" />}
      {(isError || !tokenOf(search)) && (
        <p role="alert" className="alert negative">
          {NEWSLETTER_MESSAGES.linkInvalid}
        </p>
      )}
    </section>
  );
}

/** /newsletters/unsubscribe/?token=: every mail's unsubscribe link; one button, so a scanner unsubscribes nobody. */
export function NewsletterUnsubscribePage() {
  const { search } = useLocation();
  const [unsubscribe, { data, isError, isLoading }] = useUnsubscribeNewsletterMutation();
  return (
    <section className="newsletter-page">
      <h1>Unsubscribe</h1>
      {data ? (
        <p role="status" className="alert positive">
          {data.message}
        </p>
      ) : (
        <button
          type="button"
          className="button"
          disabled={isLoading}
          onClick={() => void unsubscribe({ token: tokenOf(search) })}
        >
          Unsubscribe from every newsletter
        </button>
      )}
      {isError && (
        <p role="alert" className="alert negative">
          {NEWSLETTER_MESSAGES.linkInvalid}
        </p>
      )}
    </section>
  );
}

/** The UK email signup form (§2, §5, §8): the answer's message, and its errors when refused. */
export function UkSignupForm() {
  const [signup, { isLoading }] = useUkSignupMutation();
  const [email, setEmail] = useState("");
  const [answer, setAnswer] = useState<{ success: boolean; message: string; errors: string[] } | null>(null);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await signup({ email });
    if ("data" in result && result.data) return setAnswer(result.data);
    const data = (result.error as { data?: { message?: string; errors?: string[] } } | undefined)?.data;
    setAnswer({
      success: false,
      message: data?.message ?? NEWSLETTER_MESSAGES.ukFailure,
      errors: Array.isArray(data?.errors) ? data.errors.map((e) => e.replace(/^\w+: /, "")) : [],
    });
  };
  if (answer?.success) {
    return (
      <p role="status" className="alert positive">
        {answer.message}
      </p>
    );
  }
  return (
    <form className="uk-signup-form" action="/newsletters/uk-signup/" method="post" noValidate onSubmit={submit}>
      <label htmlFor={id}>Email address</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="button" disabled={isLoading}>
        Join the UK list
      </button>
      {answer && (
        <div role="alert" className="alert negative">
          <p>{answer.message}</p>
          {answer.errors.length > 0 && (
            <ul>
              {answer.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

/** /newsletters/uk/: the UK email signup. */
export function UkSignupPage() {
  return (
    <section className="newsletter-page">
      <h1>UK email signup</h1>
      <UkSignupForm />
    </section>
  );
}
