import { useMeQuery } from "../accounts/accountApi";

/**
 * The login prompt and the login-gated checkout button of storefront §2 and §6, for a visitor who is
 * not signed in: signing in merges this cart into the account's (the server does it at sign-in) and
 * comes back to `next`. Continuing below is the guest checkout. Nothing for a signed-in shopper.
 */
export function SignInToCheckout({ next }: { next: string }) {
  const { data: user, isLoading, isError } = useMeQuery();
  if (isLoading || isError || user) return null;
  return (
    <section className="checkout-sign-in" aria-label="Sign in to check out">
      <p>Have an account? Sign in to check out with your saved addresses; this cart comes with you.</p>
      <p className="checkout-sign-in-actions">
        <a className="button" href={`/account/login/?next=${encodeURIComponent(next)}`}>
          Sign in and check out
        </a>
        <span>or check out as a guest below.</span>
      </p>
    </section>
  );
}
