import { VBS_2016_REVEAL } from "@shop/shared/gamify/constants";
import { useNewsletterForms } from "../newsletters/useNewsletterForms";
import { type ReactNode, useCallback, useState } from "react";
import { Link, useLocation } from "../../platform/router";
import { AccountStatus } from "../accounts/AccountStatus";
import { MiniCart } from "../cart/MiniCart";
import { KidsModeToggle } from "../kids-mode/KidsModeToggle";
import { GamifyToolbar } from "../gamify/GamifyToolbar";
import { MainMenu } from "../nav/MainMenu";
import { togglePanel } from "../nav/panels";
import { RegionPanel } from "../nav/RegionPanel";
import { SearchPanel } from "../nav/SearchPanel";
import { SiteFooter } from "./SiteFooter";
import "./layout.css";

// The store's own pages (storefront.md §2), after the staff's menu nodes in the one nav bar. Donate is a
// menu node; the cart and the account are in the header's tools.
const storeLinks = [
  { href: "/store/", label: "Shop" },
  { href: "/store/magazine/", label: "Magazine" },
  { href: "/store/order-form/", label: "Order form" },
  { href: "/store/alphabet-order/", label: "Alphabet order" },
  { href: "/radio/", label: "Radio" },
];

type HeaderPanel = "region" | "search";

/** §2: the mini cart is not loaded on the checkout pages (the checkout shows the order itself). */
export const showsMiniCart = (pathname: string) => !pathname.startsWith("/store/checkout/");

/**
 * The header: the name, search and cart always in view; on a phone the menu and the other tools fold
 * behind the Menu button (CSS shows them from 768 px), so the header stays one row tall.
 */
const cartLink = (
  <a className="header-cart" href="/store/cart/">
    Cart
  </a>
);

export function SiteLayout({ children }: { children: ReactNode }) {
  useNewsletterForms(); // forms under /newsletters/ in content pages (§2)
  const [panel, setPanel] = useState<HeaderPanel | null>(null);
  const { pathname } = useLocation();
  // The phone menu is open on the page it was opened on: going to another page closes it.
  const [menuOn, setMenuOn] = useState<string | null>(null);
  const menuOpen = menuOn === pathname;
  const toggleRegion = useCallback(() => setPanel((open) => togglePanel(open, "region")), []);
  const toggleSearch = useCallback(() => setPanel((open) => togglePanel(open, "search")), []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={menuOpen ? "site-header menu-open" : "site-header"}>
        <div className="header-row">
          <Link to="/" className="site-name">
            Ark &amp; Answers Store
          </Link>
          <div className="header-quick">
            <SearchPanel open={panel === "search"} onToggle={toggleSearch} />
            {/* In view at every width: the cart with its count once it holds something (§9). */}
            {showsMiniCart(pathname) ? <MiniCart fallback={cartLink} /> : cartLink}
            <button
              type="button"
              className="menu-button"
              aria-expanded={menuOpen}
              aria-controls="header-more main-menu"
              onClick={() => setMenuOn(menuOpen ? null : pathname)}
            >
              Menu
            </button>
          </div>
          <div className="header-tools" id="header-more">
            <KidsModeToggle />
            <RegionPanel open={panel === "region"} onToggle={toggleRegion} />
            <span className="entries-slot">
              <GamifyToolbar campaign={VBS_2016_REVEAL} />
            </span>
            <AccountStatus />
          </div>
        </div>
        <MainMenu>
          <ul className="menu-layer store-links">
            {storeLinks.map((link) => (
              <li key={link.href} className="menu-item">
                <a href={link.href} aria-current={pathname === link.href ? "page" : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </MainMenu>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
