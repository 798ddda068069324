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

// Routes of storefront.md §2; plain links where the server answers them itself.
const navLinks = [
  { href: "/store/", label: "Shop" },
  { href: "/store/order-form/", label: "Order form" },
  { href: "/store/magazine/", label: "Magazine" },
  { href: "/store/alphabet-order/", label: "Alphabet order" },
  { href: "/donate/", label: "Donate" },
  { href: "/store/cart/", label: "Cart" },
  { href: "/account/", label: "My account" },
  { href: "/account/wishlist/", label: "Wishlist" },
  { href: "/radio/", label: "Radio" },
];

type HeaderPanel = "region" | "search";

/** §2: the mini cart is not loaded on the checkout pages (the checkout shows the order itself). */
export const showsMiniCart = (pathname: string) => !pathname.startsWith("/store/checkout/");

export function SiteLayout({ children }: { children: ReactNode }) {
  useNewsletterForms(); // forms under /newsletters/ in content pages (§2)
  const [panel, setPanel] = useState<HeaderPanel | null>(null);
  const { pathname } = useLocation();
  const toggleRegion = useCallback(() => setPanel((open) => togglePanel(open, "region")), []);
  const toggleSearch = useCallback(() => setPanel((open) => togglePanel(open, "search")), []);
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
            <KidsModeToggle />
            <SearchPanel open={panel === "search"} onToggle={toggleSearch} />
            <RegionPanel open={panel === "region"} onToggle={toggleRegion} />
            <GamifyToolbar campaign={VBS_2016_REVEAL} />
            {showsMiniCart(pathname) && <MiniCart />}
            <AccountStatus />
          </div>
        </div>
        <MainMenu />
        <nav aria-label="Store">
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
      <SiteFooter />
    </>
  );
}
