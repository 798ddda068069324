import { homeCountryFromCookies } from "@shop/shared/nav/home-country";
import { createContext, useContext } from "react";

/**
 * The visitor's cookies as the page was rendered with them: the request's on the server, document.cookie
 * when the browser hydrates. Both sides read the same string, so what depends on a cookie (the mini cart)
 * renders the same.
 */
export const CookieContext = createContext("");
export const useCookies = () => useContext(CookieContext);

/** What the server says about the request itself (a refused add from /store/cart/?{sku}={qty}&add-to-cart). */
export type PageNotice = { notice?: string };
export const PageNoticeContext = createContext<PageNotice>({});
export const usePageNotice = () => useContext(PageNoticeContext);

/** §3: the home-country cookie, default United States, stored with plus signs for spaces (shared/src/nav/api.ts). */
export const homeCountry = homeCountryFromCookies;
