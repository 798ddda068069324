import { kidsModeIn } from "@shop/shared/kids-mode/kids-mode";
import { useCookies } from "../../app/ServerCookies";
import { useLocation } from "../../platform/router";

/**
 * The kids mode toggle (storefront §2): a plain GET form to /kids-mode/, which flips the visitor's cookie
 * and sends them back to this page, so it works before the page's script has loaded.
 */
export function KidsModeToggle() {
  const on = kidsModeIn(useCookies());
  const { pathname, search } = useLocation();
  const path = pathname + search;
  return (
    <form method="get" action="/kids-mode/" className="kids-mode-form">
      <input type="hidden" name="next" value={path} />
      <button type="submit" className={on ? "kids-mode-toggle on" : "kids-mode-toggle"} aria-pressed={on}>
        {on ? "Kids mode: on" : "Kids mode: off"}
      </button>
    </form>
  );
}
