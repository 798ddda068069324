import type { Response } from "express";
import type { LoadSkusForCart } from "@shop/shared/catalog/sku-for-cart";
import type { RequestedItem } from "./decide.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

// The storefront's colours and type, inline: this page is sent before (and without) the front end's bundle.
const STYLE = [
  "body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1d2630;background:#f5f3ee}",
  "header{background:#234f55;padding:16px}header a{color:#fff;font-weight:700;text-decoration:none;font-size:1.1rem}",
  "main{max-width:640px;margin:0 auto;padding:16px}h1{font-size:1.6rem;margin:.5em 0}",
  "table{width:100%;border-collapse:collapse;background:#fff;margin:16px 0}th,td{text-align:left;padding:8px;border-bottom:1px solid #e3ded4}",
  "form{display:flex;flex-wrap:wrap;gap:16px;align-items:center}",
  "button{background:#234f55;color:#fff;border:0;border-radius:4px;padding:12px 20px;font:inherit;cursor:pointer}a{color:#234f55}",
].join("");

/**
 * The page shown instead of adding when another site sent the visitor to /store/cart/?{sku}={qty}&add-to-cart
 * (a page elsewhere could otherwise fill a visitor's cart). Its button sends the same request from this
 * site, which adds as always; it needs no script (the CSP runs none inline) and no CSRF token (a GET).
 */
export async function sendAddToCartConfirmPage(
  res: Response,
  items: RequestedItem[],
  loadSkus: LoadSkusForCart,
): Promise<void> {
  const skus = await loadSkus(items.map((i) => i.skuCode));
  const rows = items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(skus.get(i.skuCode)?.title ?? i.skuCode)}</td><td>${escapeHtml(i.skuCode)}</td>` +
        `<td>${escapeHtml(String(i.quantity))}</td></tr>`,
    )
    .join("");
  const fields = items
    .map((i) => `<input type="hidden" name="${escapeHtml(i.skuCode)}" value="${escapeHtml(String(i.quantity))}" />`)
    .join("");
  res
    .status(200)
    .set("Cache-Control", "no-store")
    .type("html")
    .send(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><meta name="robots" content="noindex" />
<title>Add these items to your cart? | Store</title>
<style>${STYLE}</style></head>
<body>
<header><a href="/">Ark &amp; Answers Store</a></header>
<main id="add-to-cart-confirm">
<h1>Add these items to your cart?</h1>
<p>Another site sent you here to add these items to your cart. Nothing has been added yet.</p>
<table><thead><tr><th>Item</th><th>Code</th><th>Quantity</th></tr></thead><tbody>${rows}</tbody></table>
<form method="get" action="/store/cart/">${fields}<input type="hidden" name="add-to-cart" value="" /><button type="submit">Add to cart</button>
<a href="/store/cart/">No, show my cart</a></form>
</main>
</body>
</html>
`);
}
