import { parse } from "cookie";
import { Router, type Request } from "express";
import { KIDS_MODE_COOKIE, kidsModeAnswer } from "@shop/shared";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Where to go back to: the page the toggle was on, when it is ours (never an open redirect). */
function backTo(req: Request): string {
  const next = typeof req.query.next === "string" ? req.query.next : undefined;
  if (next?.startsWith("/") && !next.startsWith("//")) return next;
  const referer = req.get("referer");
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === req.get("host")) return `${url.pathname}${url.search}`;
    } catch {
      // not a URL: go home
    }
  }
  return "/";
}

/**
 * GET /kids-mode/ (storefront §7, "used for both toggles"): turns kids mode on or off for this visitor.
 * It is a browsing preference, not a business fact, so it lives in a cookie (docs/decisions.md).
 * A script asking for JSON gets the new state; a link is sent back to the page it was on.
 */
export function makeKidsModeRouter(deps: { behindProxy?: boolean }): Router {
  const router = Router();
  router.get("/kids-mode/", (req, res) => {
    const on = parse(req.get("cookie") ?? "")[KIDS_MODE_COOKIE] !== "1";
    if (on)
      res.cookie(KIDS_MODE_COOKIE, "1", {
        maxAge: YEAR_MS,
        path: "/",
        sameSite: "lax",
        secure: deps.behindProxy ?? false,
      });
    else res.clearCookie(KIDS_MODE_COOKIE, { path: "/" });
    res.set("Cache-Control", "no-store");
    if (req.accepts(["html", "json"]) === "json") return res.json(kidsModeAnswer(on));
    res.redirect(303, backTo(req));
  });
  return router;
}
