import { expect, test } from "@playwright/test";

// Issue 26 point 9: what the shop sends is compressed and cached as a fast shop's would be.

const BROTLI = { "Accept-Encoding": "br, gzip" };

test("spec 26.9: a hashed script is sent precompressed with brotli and cached for a year, immutable", async ({
  page,
}) => {
  const html = await (await page.request.get("/", { headers: BROTLI })).text();
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const res = await page.request.get(script!, { headers: BROTLI });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-encoding"]).toBe("br");
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(res.headers().vary).toMatch(/Accept-Encoding/i);
  const gzip = await page.request.get(script!, { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  expect(await gzip.text()).toBe(await res.text());
  const plain = await page.request.get(script!, { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
});

test("spec 26.9: pages and JSON above 1 KB go compressed, small answers as they are", async ({ page }) => {
  const home = await page.request.get("/", { headers: { ...BROTLI, Accept: "text/html" } });
  expect(home.headers()["content-encoding"]).toBe("br");
  const list = await page.request.get("/api/store/products/?count=24", { headers: BROTLI });
  expect(list.headers()["content-encoding"]).toBe("br");
  expect((await list.json()).items.length).toBeGreaterThan(0);
  const health = await page.request.get("/healthz", { headers: BROTLI });
  expect(health.headers()["content-encoding"]).toBeUndefined();
});

test("spec 26.9: the back office's shell is revalidated, its hashed files kept", async ({ page }) => {
  const shell = await page.request.get("/admin/", { headers: BROTLI });
  expect(shell.headers()["cache-control"]).toBe("no-cache");
  const script = /<script[^>]+src="(\/admin\/assets\/[^"]+\.js)"/.exec(await shell.text())?.[1];
  const res = await page.request.get(script!, { headers: BROTLI });
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(res.headers()["content-encoding"]).toBe("br");
  const deep = await page.request.get("/admin/store/product/", { headers: { Accept: "text/html" } });
  expect(deep.headers()["cache-control"]).toBe("no-cache");
});
