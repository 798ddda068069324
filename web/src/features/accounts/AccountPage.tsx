import { useLogOutMutation, useMeQuery } from "./accountApi";
import "./account.css";

/** Where a shopper's things live (issue 26 point 7). */
const ACCOUNT_LINKS = [
  { href: "/account/orders/", label: "Order history", hint: "The orders you placed" },
  { href: "/account/addresses/", label: "Address book", hint: "Billing and shipping addresses for checkout" },
  { href: "/account/wishlist/", label: "Wishlist", hint: "Items saved for later" },
  { href: "/newsletters/", label: "Newsletters", hint: "Sign up for our newsletters" },
  { href: "/account/monthly-gifts/", label: "Monthly gifts", hint: "Gifts repeated each month, and how to stop them" },
];

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
      <nav aria-label="Your account">
        <ul className="account-links">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
              <span>{link.hint}</span>
            </li>
          ))}
        </ul>
      </nav>
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
