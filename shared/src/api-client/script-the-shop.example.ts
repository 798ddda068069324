// Scripting the shop with its typed client (README "Scripting the shop"): find a product, add it to a
// cart, read the cart back. Run it against a running shop: `npx tsx shared/src/api-client/script-the-shop.example.ts
// http://127.0.0.1:8000`. Every path, parameter and field below is checked by TypeScript against
// /api/openapi.json (shop-api.ts is generated from it by `npm run api:client`).
import { createShopClient } from "./shop-client.ts";

export async function scriptTheShop(baseUrl: string) {
  const shop = createShopClient(baseUrl);

  // 1. The product list: a search, the first page of 5.
  const { data: list, error } = await shop.GET("/api/store/products/", { params: { query: { q: "bible", count: 5 } } });
  if (error) throw new Error(`product list refused: ${error.metadata.message}`);
  const product = list.items.find((p) => !p.is_sold_out);
  if (!product) throw new Error("no product for sale matches 'bible'");

  // 2. Its formats (SKUs), from quick view; add one of the first to the cart (the client keeps the cart cookie).
  const { data: view } = await shop.GET("/api/store/product/quick-view/", { params: { query: { id: product.id } } });
  const sku = view?.skus.find((s) => !s.is_sold_out) ?? view?.skus[0];
  if (!sku) throw new Error(`${product.title} has no SKU`);
  const added = await shop.GET("/api/store/shop/add-to-cart/", { params: { query: { [sku.sku]: "1" } } });
  if (added.error) throw new Error(`add to cart refused: ${added.error.metadata.message}`);

  // 3. The cart as the shop sees it.
  const { data: cart } = await shop.GET("/api/store/shop/full-cart/");
  return { product: product.title, sku: sku.sku, items: cart?.items.length ?? 0, subtotal: cart?.order.subtotal };
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(await scriptTheShop(process.argv[2] ?? "http://127.0.0.1:8000"));
