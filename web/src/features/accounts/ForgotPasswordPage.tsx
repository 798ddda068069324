import { type FormEvent, useState } from "react";
import { useLocation } from "../../platform/router";
import { answerOf, errorsByField, useRequestPasswordResetMutation } from "./accountApi";
import { FormField } from "./FormField";
import "./account.css";

/** /account/password/?email=…: asks for a reset link; the sign-in form's link carries the typed email here. */
export function ForgotPasswordPage() {
  const { search } = useLocation();
  const [request, { isLoading }] = useRequestPasswordResetMutation();
  const [email, setEmail] = useState(() => new URLSearchParams(search).get("email") ?? "");
  const [sent, setSent] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await request({ email: email.trim() });
    if ("data" in answer) {
      setErrors({});
      setSent(answer.data?.metadata.message ?? null);
      return;
    }
    const metadata = answerOf(answer.error);
    setErrors(metadata ? errorsByField(metadata.errors) : { __all__: ["The request failed. Please try again."] });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <h1>Forgot your password?</h1>
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      {sent && (
        <p role="status" className="alert positive">
          {sent}
        </p>
      )}
      {errors.__all__ && (
        <p role="alert" className="alert negative">
          {errors.__all__.join(" ")}
        </p>
      )}
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        errors={errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" disabled={isLoading}>
        Send the link
      </button>
    </form>
  );
}
