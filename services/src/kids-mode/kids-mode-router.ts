import { parse } from "cookie";
import { Router, type Request } from "express";
import { KIDS_MODE_COOKIE, kidsModeAnswer } from "@shop/shared";
import { sameSitePathOr } from "@shop/shared/http/same-site-path";
import { isOwnPage } from "../platform/http/own-page.ts";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Where to go back to: `next`, or the page the Referer names when it is one of ours, and only ever a
 * path on this site (never an open redirect).
 */
function backTo(req: Request, siteUrl: string): string {
  const next = sameSitePathOr(req.query.next, "");
  if (next) return next;
  const referer = req.get("referer");
  if (!referer || !isOwnPage(referer, req, siteUrl)) return "/";
  const url = new URL(referer);
  return sameSitePathOr(`${url.pathname}${url.search}`, "/");
}

/**
 * GET /kids-mode/ (storefront §7, "used for both toggles"): turns kids mode on or off for this visitor.
 * It is a browsing preference, not a business fact, so it lives in a cookie (docs/decisions.md).
 * A script asking for JSON gets the new state; a link is sent back to the page it was on.
 */
export function makeKidsModeRouter(deps: { behindProxy?: boolean; siteUrl: string }): Router {
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
    res.redirect(303, backTo(req, deps.siteUrl));
  });
  return router;
}
