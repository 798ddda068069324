import { Link, Outlet } from "react-router";
import { AccountStatus } from "../account/AccountStatus";

// Routes of storefront.md §2 that later features will serve; plain links so the server answers them.
const navLinks = [
  { href: "/store/cart/", label: "Cart" },
  { href: "/account/", label: "My account" },
  { href: "/account/wishlist/", label: "Wishlist" },
  { href: "/giveaway", label: "Giveaway" },
  { href: "/kids-mode/", label: "Kids mode" },
];

export function SiteLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="header-row">
          <Link to="/" className="site-name">
            Ark &amp; Answers Store
          </Link>
          <AccountStatus />
        </div>
        <nav aria-label="Main">
          <ul className="nav-list">
            {navLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="footer-inner">
          <p>© {new Date().getFullYear()} Ark &amp; Answers Ministry. All gifts support the ministry’s work.</p>
          <ul className="footer-links">
            <li>
              <a href="/account/">Your account</a>
            </li>
            <li>
              <a href="/store/cart/">Your cart</a>
            </li>
          </ul>
        </div>
      </footer>
    </>
  );
}
