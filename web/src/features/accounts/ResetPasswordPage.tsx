import { type FormEvent, useState } from "react";
import { useLocation } from "../../platform/router";
import { answerOf, errorsByField, useSetNewPasswordMutation } from "./accountApi";
import { FormField } from "./FormField";
import "./account.css";

/** /account/password/reset/?token=…: the emailed link's page, where the new password is chosen (once). */
export function ResetPasswordPage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get("token") ?? "";
  const [setNewPassword, { isLoading }] = useSetNewPasswordMutation();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setErrors({ confirm: ["Must match what you entered above."] });
    const answer = await setNewPassword({ token, password });
    if ("data" in answer) return window.location.assign("/account/");
    const metadata = answerOf(answer.error);
    setErrors(metadata ? errorsByField(metadata.errors) : { __all__: ["The request failed. Please try again."] });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <h1>Choose a new password</h1>
      {(errors.__all__ || errors.token) && (
        <p role="alert" className="alert negative">
          {[...(errors.__all__ ?? []), ...(errors.token ?? [])].join(" ")}{" "}
          <a href="/account/password/">Request a new link</a>
        </p>
      )}
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        errors={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormField
        label="New password again"
        type="password"
        autoComplete="new-password"
        value={confirm}
        errors={errors.confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <button type="submit" disabled={isLoading}>
        Set password
      </button>
    </form>
  );
}
