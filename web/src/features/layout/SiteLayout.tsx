import type { ReactNode } from "react";
import { Link } from "../../platform/router";
import { AccountStatus } from "../account/AccountStatus";
import { MiniCart } from "../cart/MiniCart";

// Routes of storefront.md §2; plain links where the server answers them itself.
const navLinks = [
  { href: "/store/", label: "Shop" },
  { href: "/store/order-form/", label: "Order form" },
  { href: "/donate/", label: "Donate" },
  { href: "/store/cart/", label: "Cart" },
  { href: "/account/", label: "My account" },
  { href: "/account/wishlist/", label: "Wishlist" },
];

export function SiteLayout({ children }: { children: ReactNode }) {
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
          <div className="header-tools">
            <MiniCart />
            <AccountStatus />
          </div>
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
        {children}
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
