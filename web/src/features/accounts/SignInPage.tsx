import { type FormEvent, useId, useState } from "react";
import { sameSitePathOr } from "@shop/shared/http/same-site-path";
import { useLocation } from "../../platform/router";
import { useLogInMutation } from "./accountApi";
import "../cart/cart.css";

/** Only a path on this site: `next` never sends the visitor elsewhere. */
export function safeNext(search: string): string {
  return sameSitePathOr(new URLSearchParams(search).get("next"), "/account/");
}

/** /account/login/: the storefront's sign-in, which returns the visitor to `next` (e.g. the wishlist). */
export function SignInPage() {
  const { search } = useLocation();
  const [logIn, { isLoading }] = useLogInMutation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const passwordId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the boxes hold, not the state: typed before the page hydrated, the words are in the boxes
    // while the state may still be empty (the early submit is played back at once after hydration).
    const typed = new FormData(event.currentTarget);
    const answer = await logIn({
      email: String(typed.get("email") ?? email).trim(),
      password: String(typed.get("password") ?? password),
    });
    if ("data" in answer) window.location.assign(safeNext(search));
    else {
      const data = "data" in answer.error ? (answer.error.data as { metadata?: { message?: string } }) : null;
      setError(data?.metadata?.message ?? "Sign-in failed. Please try again.");
    }
  };

  return (
    <form className="sign-in" onSubmit={submit} noValidate>
      <h1>Sign in</h1>
      {error && (
        <p role="alert" className="alert negative">
          {error}
        </p>
      )}
      <label htmlFor={emailId}>Email</label>
      <input
        id={emailId}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <label htmlFor={passwordId}>Password</label>
      <input
        id={passwordId}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" disabled={isLoading}>
        Sign in
      </button>
      <p>
        {/* The typed email goes along, so the password page need not ask for it again (storefront §2). */}
        <a href={`/account/password/${email.trim() ? `?email=${encodeURIComponent(email.trim())}` : ""}`}>
          Forgot your password?
        </a>
      </p>
      <p>
        New here? <a href={`/account/signup/${search}`}>Create an account</a>
      </p>
    </form>
  );
}
