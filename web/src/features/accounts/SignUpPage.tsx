import { type FormEvent, useRef, useState } from "react";
import { SignupRequest } from "@shop/shared/accounts/api";
import { emailField, recheckField, schemaErrors, scrollToFirstError } from "../../platform/formCheck";
import { useLocation } from "../../platform/router";
import { answerOf, errorsByField, useSignUpMutation } from "./accountApi";
import { FormField } from "./FormField";
import { safeNext } from "./SignInPage";
import "./account.css";

/**
 * /account/signup/: create an account; the server signs the new shopper in. The email is checked as
 * the shopper leaves it, and the whole form by the server's rules before it is sent (§5).
 */
export function SignUpPage() {
  const { search } = useLocation();
  const [signUp, { isLoading }] = useSignUpMutation();
  const [form, setForm] = useState({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...form, email: form.email.trim(), name: form.name.trim() };
    const found = schemaErrors(SignupRequest, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return scrollToFirstError(formRef);
    const answer = await signUp(body);
    if ("data" in answer) return window.location.assign(safeNext(search));
    const metadata = answerOf(answer.error);
    setErrors(metadata ? errorsByField(metadata.errors) : { __all__: ["Sign-up failed. Please try again."] });
  };
  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    errors: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setForm({ ...form, [name]: e.target.value });
      if (name === "email" && errors.email) setErrors(recheckField(errors, emailField(e.target.value)));
    },
  });

  return (
    <form className="account-form" onSubmit={submit} noValidate ref={formRef}>
      <h1>Create an account</h1>
      {errors.__all__ && (
        <p role="alert" className="alert negative">
          {errors.__all__.join(" ")}
        </p>
      )}
      <FormField label="Name" autoComplete="name" {...field("name")} />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...field("email")}
        onBlur={(e) => setErrors(recheckField(errors, emailField(e.target.value)))}
      />
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
