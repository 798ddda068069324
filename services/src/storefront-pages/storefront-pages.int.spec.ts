import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import { makeStorefrontPagesRouter } from "./storefront-pages-router.ts";

const SHELL = `<!doctype html><html><head><title>Shell</title><meta name="description" content="shell" /></head><body><div id="root"></div></body></html>`;

/** A stand-in for web/dist-server/entry-server.js that answers like the real one and echoes what it was given. */
const RENDERER = `
export async function render(url, server) {
  if (url.startsWith("/account/wishlist/")) return { status: 302, redirect: "/account/login/?next=" + encodeURIComponent(url), head: {}, html: "", state: null };
  const known = url.startsWith("/store/products/1/");
  return {
    status: known ? 200 : 404,
    head: { title: known ? "Ark Book | Store" : "Page not found", description: "A <b>book</b>", path: known ? "/store/products/1/" : url, image: known ? "/media/ark.jpg" : null },
    html: "<h1>" + (known ? "Ark Book" : "Page not found") + "</h1><p>" + server.origin.startsWith("http://") + "|" + server.cookie + "</p>" + (server.notice ? "<p>" + server.notice + "</p>" : ""),
    state: { api: { note: "</script><script>alert(1)</script>" } },
  };
}`;

function frontEnd(withRenderer: boolean) {
  const root = mkdtempSync(join(tmpdir(), "storefront-pages-"));
  mkdirSync(join(root, "dist"));
  writeFileSync(join(root, "dist", "index.html"), SHELL);
  if (withRenderer) {
    mkdirSync(join(root, "dist-server"));
    writeFileSync(join(root, "dist-server", "entry-server.js"), RENDERER);
  }
  return root;
}

async function serve(webRoot: string, analytics?: string) {
  const app = express();
  // As the cart router does when /store/cart/?{sku}={qty}&add-to-cart is refused.
  app.use("/store/cart/", (req, res, next) => {
    const code = Object.keys(req.query).find((key) => key !== "add-to-cart") ?? "";
    res.locals.cartMessage =
      code === "10-1-100" ? "The item 10-1-100 is sold out." : `Sorry, we could not find the item "${code}".`;
    next();
  });
  app.use(makeStorefrontPagesRouter({ webRoot, log: pino({ level: "silent" }), siteUrl: SITE_URL, analytics }));
  app.use((_req, res) => res.status(404).json({ metadata: { success: false } }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const html = { Accept: "text/html" };

/** A GET with any headers, Host included (fetch always sends the URL's own host). */
function getWithHeaders(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve(body));
    }).on("error", reject);
  });
}
const SITE_URL = "https://shop.example.org";

describe("server-rendered storefront pages", () => {
  let rendered: Awaited<ReturnType<typeof serve>>;
  let shellOnly: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    rendered = await serve(frontEnd(true));
    shellOnly = await serve(frontEnd(false));
  });
  afterAll(() => {
    rendered.server.close();
    shellOnly.server.close();
  });

  it("a product page is HTML with its title, description, canonical URL and Open Graph tags", async () => {
    const res = await fetch(`${rendered.base}/store/products/1/`, { headers: { ...html, cookie: "cart=abc" } });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("<title>Ark Book | Store</title>");
    expect(page).not.toContain("<title>Shell</title>");
    expect(page).toContain('<meta name="description" content="A &lt;b&gt;book&lt;/b&gt;" />');
    expect(page).toContain(`<link rel="canonical" href="${SITE_URL}/store/products/1/" />`);
    expect(page).toContain(`<meta property="og:image" content="${SITE_URL}/media/ark.jpg" />`);
    expect(page).toContain('<div id="root"><h1>Ark Book</h1><p>true|cart=abc</p></div>');
  });

  it("spec 1: with ANALYTICS set the page names the service in a meta tag for its reporter; unset, no tag", async () => {
    const withGa4 = await serve(frontEnd(true), "ga4:G-ABC1234");
    try {
      const page = await (await fetch(`${withGa4.base}/store/products/1/`, { headers: html })).text();
      expect(page).toContain('<meta name="shop-analytics" content="ga4:G-ABC1234" />');
    } finally {
      withGa4.server.close();
    }
    const plain = await (await fetch(`${rendered.base}/store/products/1/`, { headers: html })).text();
    expect(plain).not.toContain("shop-analytics");
  });

  it("security 1: canonical and Open Graph URLs are on SITE_URL whatever Host or X-Forwarded-Host say", async () => {
    for (const headers of [
      { ...html, Host: "evil.example" },
      { ...html, "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" },
    ]) {
      const page = await getWithHeaders(`${rendered.base}/store/products/1/`, headers);
      expect(page).toContain(`<link rel="canonical" href="${SITE_URL}/store/products/1/" />`);
      expect(page).toContain(`<meta property="og:url" content="${SITE_URL}/store/products/1/" />`);
      expect(page).toContain(`<meta property="og:image" content="${SITE_URL}/media/ark.jpg" />`);
      expect(page).not.toContain("evil.example");
    }
  });

  it("the store's state rides along as a JSON data block that no text in it can close", async () => {
    const page = await (await fetch(`${rendered.base}/store/products/1/`, { headers: html })).text();
    const block = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(page);
    expect(JSON.parse(block![1])).toEqual({ api: { note: "</script><script>alert(1)</script>" } });
    expect(page).not.toContain("<script>alert(1)");
  });

  it("a refused add from the cart page's query is shown on the page the server renders", async () => {
    const page = await (await fetch(`${rendered.base}/store/cart/?10-1-100=1&add-to-cart`, { headers: html })).text();
    expect(page).toContain("<p>The item 10-1-100 is sold out.</p>");
  });

  it("security 17: a $ pattern in the page's text is copied as text, never the template into the page", async () => {
    const res = await fetch(`${rendered.base}/store/cart/?%24%60=1&add-to-cart`, { headers: html });
    const page = await res.text();
    expect(page).toContain('<p>Sorry, we could not find the item "$`".</p>');
    expect(page.match(/<!doctype html>/g)).toHaveLength(1);
    expect(page.match(/<head>/g)).toHaveLength(1);
    for (const pattern of ["$&", "$'", "$$", "$<x>"]) {
      const answer = await fetch(`${rendered.base}/store/cart/?${encodeURIComponent(pattern)}=1&add-to-cart`, {
        headers: html,
      });
      const text = await answer.text();
      expect(text).toContain(`<p>Sorry, we could not find the item "${pattern}".</p>`);
      expect(text.match(/<!doctype html>/g)).toHaveLength(1);
    }
  });

  it("an unknown path answers 404, not the shell with 200", async () => {
    const res = await fetch(`${rendered.base}/no/such/page/`, { headers: html });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("<h1>Page not found</h1>");
  });

  it("an anonymous wishlist visit is sent to sign in first", async () => {
    const res = await fetch(`${rendered.base}/account/wishlist/?add=10-1-100`, { headers: html, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account/login/?next=%2Faccount%2Fwishlist%2F%3Fadd%3D10-1-100");
  });

  it("API paths and JSON requests are not pages", async () => {
    expect((await fetch(`${rendered.base}/api/store/products/`, { headers: html })).status).toBe(404);
    const json = await fetch(`${rendered.base}/store/products/1/`, { headers: { Accept: "application/json" } });
    expect(json.headers.get("content-type")).toContain("application/json");
  });

  it("without the server renderer's build every page is the shell, as before", async () => {
    const res = await fetch(`${shellOnly.base}/anything/`, { headers: html });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SHELL);
  });
});
