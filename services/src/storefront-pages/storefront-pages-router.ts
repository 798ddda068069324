import { parseAnalyticsSetting } from "@shop/shared/analytics/constants";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Request, Router } from "express";
import type { Kysely } from "kysely";
import { type Database, skuRows } from "@shop/projections";
import type { Logger } from "../platform/logger.ts";
import { pageHtml, type RenderedPage } from "./page-html.ts";

type Renderer = {
  render(url: string, server: { origin: string; cookie: string; notice?: string }): Promise<RenderedPage>;
};

export interface StorefrontPagesDeps {
  /** The web/ folder: dist/ (the browser's build) and dist-server/ (the server renderer). */
  webRoot: string;
  log: Logger;
  /** The catalog read model, to find the product a /store/sku/{code} address belongs to. */
  db?: Kysely<Database>;
  /** SITE_URL: the origin of the canonical and Open Graph URLs (never the request's Host). */
  siteUrl: string;
  /** ANALYTICS, handed to the page in a meta tag for its third-party reporter (none when unset). */
  analytics?: string;
}

/** Paths that belong to the API, the back office or the socket, never to a storefront page. */
const NOT_PAGES = /^\/(api|admin|socket\.io)(\/|$)/;

/**
 * Public pages rendered on the server with React (DESIGN §11): the page's HTML, head tags and real status
 * (404 for an unknown address, a redirect to sign in), then hydrated in the browser. Without the server
 * renderer's build (an API test's stand-in front end) every page is the plain shell, as before.
 */
export function makeStorefrontPagesRouter({ webRoot, log, db, siteUrl, analytics }: StorefrontPagesDeps): Router {
  const router = Router();

  // §2: /store/sku/{sku_code} is the product page, with that SKU picked: the product's own page (its
  // canonical address) with the sku parameter, as a format tab links it.
  if (db) {
    router.get("/store/sku/:code", async (req, res, next) => {
      if (!req.accepts("html")) return next();
      const [sku] = await skuRows(db, { codes: [req.params.code] }, { activeOnly: true });
      if (sku?.product_id == null) return next(); // the renderer answers 404
      res.redirect(301, `/store/products/${sku.product_id}/?sku=${encodeURIComponent(sku.sku)}`);
    });
  }

  const shell = join(webRoot, "dist", "index.html");
  const entry = join(webRoot, "dist-server", "entry-server.js");
  // Both are read again when a build replaces them (a running server never serves a page naming deleted assets).
  let built = 0;
  let renderer: Promise<Renderer> | null = null;
  let template = "";

  router.get("/{*splat}", async (req, res, next) => {
    if (NOT_PAGES.test(req.path) || !req.accepts("html") || !existsSync(shell)) return next();
    if (!existsSync(entry)) return res.sendFile(shell);
    const mtime = Math.max(statSync(shell).mtimeMs, statSync(entry).mtimeMs);
    if (mtime !== built || !renderer) {
      built = mtime;
      template = readFileSync(shell, "utf8");
      // The first build is imported by its plain URL: a lazy page's chunk imports "../entry-server.js" and
      // must get this very module, else its hooks read a second copy of the app's contexts (the location:
      // /search/?q= rendered as if without q, then a hydration error). A later build needs a new URL.
      const url = pathToFileURL(entry).href;
      renderer = import(renderer ? `${url}?built=${mtime}` : url) as Promise<Renderer>;
    }
    try {
      const page = await (await renderer).render(req.originalUrl, {
        origin: ownOrigin(req),
        cookie: req.headers.cookie ?? "",
        // The cart router's refused add (/store/cart/?{sku}={qty}&add-to-cart), shown on the cart page.
        notice: typeof res.locals.cartMessage === "string" ? res.locals.cartMessage : undefined,
      });
      if (page.redirect) return res.redirect(page.status, page.redirect);
      res
        .status(page.status)
        .type("html")
        .send(pageHtml(template, page, siteUrl, parseAnalyticsSetting(analytics)));
    } catch (error) {
      // The shell still works in the browser; the status says the server could not render it.
      log.error({ err: error, url: req.originalUrl }, "server rendering failed");
      res.status(500).sendFile(shell);
    }
  });
  return router;
}

/** The renderer asks this very server (the socket the request came in on), never a host named in the request. */
function ownOrigin(req: Request): string {
  const address = req.socket.localAddress ?? "127.0.0.1";
  const host = address.includes(":") ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}
