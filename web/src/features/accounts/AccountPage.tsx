import { useLogOutMutation, useMeQuery } from "./accountApi";
import "./account.css";

/** /account/: the signed-in shopper's home (the server sends visitors to sign in). */
export function AccountPage() {
  const { data: me } = useMeQuery();
  const [logOut] = useLogOutMutation();
  if (!me) {
    return (
      <p>
        Please <a href="/account/login/?next=/account/">sign in</a> to see your account.
      </p>
    );
  }
  return (
    <section className="account-home">
      <h1>Your account</h1>
      <p>
        Signed in as <strong>{me.name}</strong> ({me.email})
      </p>
      <ul>
        <li>
          <a href="/account/addresses/">Address book</a>
        </li>
        <li>
          <a href="/account/wishlist/">Wishlist</a>
        </li>
      </ul>
      <button
        type="button"
        onClick={async () => {
          await logOut();
          window.location.assign("/");
        }}
      >
        Sign out
      </button>
    </section>
  );
}
