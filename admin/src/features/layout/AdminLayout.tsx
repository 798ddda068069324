import { Link, Outlet, useNavigate } from "react-router";
import { useLogoutMutation, useMeQuery } from "../accounts/accountApi";

export function AdminLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="site-name">
          Back office
        </Link>
        <SessionControls />
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function SessionControls() {
  const { data: user } = useMeQuery();
  const [logout, { isLoading, isError }] = useLogoutMutation();
  const navigate = useNavigate();
  if (!user) return null;

  async function handleLogout() {
    const result = await logout();
    if (!result.error) navigate("/login/", { replace: true });
  }

  return (
    <div className="session">
      <span className="user-name" title={user.email}>
        {user.name || user.email}
      </span>
      <button type="button" onClick={handleLogout} disabled={isLoading}>
        {isLoading ? "Logging out..." : "Log out"}
      </button>
      {isError && (
        <span role="alert" className="field-error">
          Could not log out. Try again.
        </span>
      )}
    </div>
  );
}
