import { useMeQuery } from "./accountApi";

/** 'Signed in as …' for a known visitor; a sign-in link for everyone else, also when the server cannot say. */
export function AccountStatus() {
  const { data: user, isLoading } = useMeQuery();
  if (isLoading) return <span className="account-status" />;
  if (user) {
    return (
      <span className="account-status">
        Signed in as <a href="/account/">{user.name || user.email}</a>
      </span>
    );
  }
  return (
    <span className="account-status">
      <a href="/account/login/?next=/">Sign in</a>
    </span>
  );
}
