import { createContext, type MouseEvent, type ReactNode, useContext, useEffect, useState } from "react";

/**
 * A small router for the storefront: the current location, links that change it without a reload, and path
 * patterns. react-router's data router costs about 18 kB gzip of the product page's 150 kB budget, and the
 * server renders every public page itself (services/src/storefront-pages), so this is all the client needs.
 */
export type Location = { pathname: string; search: string; hash: string };

const LocationContext = createContext<Location>({ pathname: "/", search: "", hash: "" });
const NAVIGATE = "storefront:navigate";
/** Sent when the page's own markup has hydrated (ReplayEarlyClicks): the location may then take the hash. */
export const PAGE_HYDRATED = "storefront:page-hydrated";

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** On the server: the request's location. In the browser: window.location, kept current on navigation. */
export function LocationProvider({ initial, children }: { initial?: Location; children: ReactNode }) {
  // The hash never reaches the server: the browser hydrates without it, then takes it up.
  const [location, setLocation] = useState<Location>(() => initial ?? { ...currentLocation(), hash: "" });
  useEffect(() => {
    // The same object while nothing changed: a new one re-renders the whole app, and one arriving
    // while a lazy page still hydrates would make React throw its server markup away (App.tsx).
    const update = () => {
      const next = currentLocation();
      setLocation((shown) => (sameLocation(shown, next) ? shown : next));
    };
    // The hash is taken up once the page itself has hydrated (PAGE_HYDRATED, from App's boundary): the
    // page's boundary hydrates after this effect, and a location it had not been rendered with reaching
    // it first was a mismatch (React #418) on every /store/#q= address, a transition included.
    window.addEventListener(PAGE_HYDRATED, update, { once: true });
    window.addEventListener("popstate", update);
    window.addEventListener("hashchange", update);
    window.addEventListener(NAVIGATE, update);
    return () => {
      window.removeEventListener(PAGE_HYDRATED, update);
      window.removeEventListener("popstate", update);
      window.removeEventListener("hashchange", update);
      window.removeEventListener(NAVIGATE, update);
    };
  }, []);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

export const useLocation = () => useContext(LocationContext);

const sameLocation = (a: Location, b: Location) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;

/** Goes to a same-origin address without a reload (replace keeps the history entry, as a filter change should). */
export function navigate(to: string, { replace = false, scroll = true } = {}) {
  if (replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  window.dispatchEvent(new Event(NAVIGATE));
  if (scroll && !to.includes("#")) window.scrollTo(0, 0);
}

type LinkProps = { to: string; children: ReactNode; className?: string; rel?: string; "aria-current"?: "page" };

export function Link({ to, children, ...rest }: LinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}

/** Matches "/store/products/:id/" against a path; a pattern ending in "/?" also matches without the slash. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const optionalSlash = pattern.endsWith("/?");
  const parts = (optionalSlash ? pattern.slice(0, -2) : pattern).split("/");
  const names: string[] = [];
  const source = parts
    .map((part) => {
      if (!part.startsWith(":")) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(part.slice(1));
      return "([^/]+)";
    })
    .join("/");
  const found = new RegExp(`^${source}${optionalSlash ? "/?" : ""}$`).exec(pathname);
  if (!found) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1])]));
}
