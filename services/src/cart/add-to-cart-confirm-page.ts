import type { Response } from "express";
import type { LoadSkusForCart } from "@shop/shared/catalog/sku-for-cart";
import type { RequestedItem } from "./decide.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

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
<title>Add these items to your cart? | Store</title></head>
<body>
<main id="add-to-cart-confirm">
<h1>Add these items to your cart?</h1>
<p>Another site sent you here to add these items to your cart. Nothing has been added yet.</p>
<table><thead><tr><th>Item</th><th>Code</th><th>Quantity</th></tr></thead><tbody>${rows}</tbody></table>
<form method="get" action="/store/cart/">${fields}<input type="hidden" name="add-to-cart" value="" /><button type="submit">Add to cart</button></form>
<p><a href="/store/cart/">No, show my cart</a></p>
</main>
</body>
</html>
`);
}
