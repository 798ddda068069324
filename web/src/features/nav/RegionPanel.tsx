import { encodeHomeCountry, HOME_COUNTRY_COOKIE } from "@shop/shared/nav/home-country";
import { type MouseEvent, useCallback, useId, useRef } from "react";
import { homeCountry, useCookies } from "../../app/ServerCookies";
import { useLazyRegionAndLanguagesQuery } from "./navApi";
import { useOutsideClose } from "./useOutsideClose";

const YEAR_SECONDS = 365 * 24 * 3600;

/** §3, §9: sets the home-country cookie (spaces as plus signs); the page is rendered again for the new region. */
export function chooseHomeCountry(country: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and not in every browser we serve
  document.cookie = `${HOME_COUNTRY_COOKIE}=${encodeHomeCountry(country)}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  window.location.reload(); // the mini cart is rendered (or not) by the server for the region (§1)
}

/** The language/region panel: its html from GET /api/nav/get-region-and-languages/ when first opened. */
export function RegionPanel({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const country = homeCountry(useCookies());
  const [load, { data }] = useLazyRegionAndLanguagesQuery();
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => open && onToggle(), [open, onToggle]);
  useOutsideClose(box, open, close, () => button.current);

  const toggle = () => {
    if (!open) load(undefined, true); // §8: a failure is silent (the panel stays empty)
    onToggle();
  };
  const choose = (event: MouseEvent<HTMLDivElement>) => {
    const choice = (event.target as HTMLElement).closest<HTMLElement>("[data-home-country]");
    if (choice?.dataset.homeCountry) chooseHomeCountry(choice.dataset.homeCountry);
  };
  return (
    <div className="nav-panel region" ref={box}>
      <button
        ref={button}
        type="button"
        className="panel-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <span className="visually-hidden">Region: </span>
        {country}
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the region buttons in the server's html take keys themselves */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation for the buttons in the server's html */}
      <div id={panelId} className="nav-panel-body" hidden={!open} onClick={choose}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the panel is our own server's html; the CSP runs no inline script */}
        {data ? <div dangerouslySetInnerHTML={{ __html: data }} /> : null}
      </div>
    </div>
  );
}
