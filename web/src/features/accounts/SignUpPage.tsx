import { type FormEvent, useState } from "react";
import { useLocation } from "../../platform/router";
import { answerOf, errorsByField, useSignUpMutation } from "./accountApi";
import { PASSWORD_TOO_SHORT } from "@shop/shared/accounts/api";
import { fieldProblems, scrollToElement } from "../../platform/fieldChecks";
import { FormField } from "./FormField";
import { safeNext } from "./SignInPage";
import "./account.css";

/** /account/signup/: create an account; the server signs the new shopper in. */
export function SignUpPage() {
  const { search } = useLocation();
  const [signUp, { isLoading }] = useSignUpMutation();
  const [form, setForm] = useState({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The server's rules first in the browser (spec 6): nothing is sent while a field has a problem.
    const found: Record<string, string[]> = {};
    const email = fieldProblems(form.email, { required: true, email: true });
    if (email.length) found.email = email;
    const password = fieldProblems(form.password, { required: true });
    if (password.length || form.password.length < 8) found.password = password.length ? password : [PASSWORD_TOO_SHORT];
    if (Object.keys(found).length) {
      setErrors(found);
      return scrollToElement(event.currentTarget.querySelector(`[name="${Object.keys(found)[0]}"]`));
    }
    const answer = await signUp({ ...form, email: form.email.trim(), name: form.name.trim() });
    if ("data" in answer) return window.location.assign(safeNext(search));
    const metadata = answerOf(answer.error);
    setErrors(metadata ? errorsByField(metadata.errors) : { __all__: ["Sign-up failed. Please try again."] });
  };
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    errors: errors[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <h1>Create an account</h1>
      {errors.__all__ && (
        <p role="alert" className="alert negative">
          {errors.__all__.join(" ")}
        </p>
      )}
      <FormField label="Name" autoComplete="name" {...field("name")} />
      <FormField label="Email" type="email" autoComplete="email" required {...field("email")} />
      <FormField label="Password" type="password" autoComplete="new-password" required {...field("password")} />
      <button type="submit" disabled={isLoading}>
        Create account
      </button>
      <p>
        Already have an account? <a href={`/account/login/${search}`}>Sign in</a>
      </p>
    </form>
  );
}
