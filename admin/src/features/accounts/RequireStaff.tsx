import { Navigate, Outlet, useLocation } from "react-router";
import { useMeQuery } from "./accountApi";

/** Route wrapper: anonymous visitors go to the login page, non-staff users are told why they cannot enter. */
export function RequireStaff() {
  const { data: user, isLoading, error, refetch } = useMeQuery();
  const location = useLocation();
  const signedOut = error && "status" in error && (error.status === 401 || error.status === 403);

  if (isLoading)
    return (
      <p role="status" className="muted">
        Checking your sign-in…
      </p>
    );
  if (error && !signedOut) {
    return (
      <section className="card narrow" role="alert">
        <h1>Back office unavailable</h1>
        <p>We could not check your sign-in with the server.</p>
        <button type="button" onClick={() => refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!user) return <Navigate to="/login/" replace state={{ from: location.pathname + location.search }} />;
  if (!user.is_staff) {
    return (
      <section className="card narrow" aria-labelledby="staff-only-heading">
        <h1 id="staff-only-heading">Staff only</h1>
        <p>You need a staff account to use the back office.</p>
        <p className="muted">You are signed in as {user.email}. Log out to sign in with a different account.</p>
      </section>
    );
  }
  return <Outlet />;
}
