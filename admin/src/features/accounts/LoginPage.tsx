import { useEffect, useRef, type FormEvent } from "react";
import { useSelector } from "react-redux";
import { Navigate, useLocation, useNavigate } from "react-router";
import type { RootState } from "../../app/store";
import { toFormErrors } from "../../platform/formErrors";
import { useLoginMutation, useMeQuery } from "./accountApi";
import { SESSION_ENDED_MESSAGES } from "./sessionSlice";

type FromState = { from?: string } | null;

export function LoginPage() {
  const { data: user } = useMeQuery();
  const [login, { isLoading, error }] = useLoginMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as FromState)?.from ?? "/";
  // The inputs' ids (`id_{name}`) are where server field errors attach.
  const errors = toFormErrors(error, ["id_email", "id_password"]);
  const ended = useSelector((state: RootState) => state.session.ended);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (error) summaryRef.current?.focus();
  }, [error]);

  if (user?.is_staff) return <Navigate to={from} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await login({
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    });
    if (!result.error) navigate(from, { replace: true });
  }

  return (
    <section className="card narrow" aria-labelledby="login-heading">
      <h1 id="login-heading">Log in</h1>
      {ended ? (
        <p className="notice warn" role="alert">
          {SESSION_ENDED_MESSAGES[ended]}
        </p>
      ) : (
        <p className="muted">Sign in with your staff account to use the back office.</p>
      )}
      {errors.form.length > 0 && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summaryRef}>
          <ul>
            {errors.form.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <form onSubmit={handleSubmit} noValidate={false}>
        <Field name="email" label="Email" type="email" autoComplete="username" errors={errors.fields.id_email} />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          errors={errors.fields.id_password}
        />
        <button type="submit" className="primary" disabled={isLoading}>
          {isLoading ? "Logging in..." : "Log in"}
        </button>
      </form>
    </section>
  );
}

type FieldProps = { name: string; label: string; type: string; autoComplete: string; errors?: string[] };

function Field({ name, label, type, autoComplete, errors }: FieldProps) {
  const id = `id_${name}`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? errorId : undefined}
      />
      {errors && (
        <p id={errorId} className="field-error">
          {errors.join(" ")}
        </p>
      )}
    </div>
  );
}
