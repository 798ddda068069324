import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { logInByApi } from "./support/staff-login";

// Issue 26's acceptance: axe finds nothing serious or critical, and the console no error, on every
// storefront page at phone and desktop sizes, and every back-office page linked from the dashboard.

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
];

const STOREFRONT = [
  "/",
  "/store/",
  "/store/cart/",
  "/store/checkout/",
  "/store/order-form/",
  "/store/magazine/",
  "/store/alphabet-order/",
  "/donate/",
  "/radio/",
  "/giveaway",
  "/kids/coloring-page/",
  "/account/login/",
  "/newsletters/",
  "/about/mission/",
  "/visitor-guide/",
];

async function problems(page: Page, errors: string[]) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${page.url()} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  return [...serious, ...errors.map((e) => `${page.url()} console: ${e}`)];
}

/** Visits each path, settles, and collects what axe and the console found. */
async function walk(page: Page, paths: string[]) {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  const found: string[] = [];
  for (const path of paths) {
    errors.length = 0;
    const res = await page.goto(path);
    expect(res?.status(), path).toBeLessThan(400);
    await page.waitForLoadState("networkidle");
    found.push(...(await problems(page, errors)));
  }
  return found;
}

for (const size of SIZES) {
  test(`spec 26: every storefront page is axe clean and logs no error (${size.name})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    const product = (await (await page.request.get("/api/store/products/?count=1")).json()).items[0].url;
    const skus = (await (await page.request.get("/store/skus/?count=2&sort=sku")).json()).items as { sku: string }[];
    await page.request.get(`/api/store/shop/add-to-cart/?${skus.map((s) => `${s.sku}=1`).join("&")}`);
    expect(await walk(page, [...STOREFRONT, product])).toEqual([]);
  });
}

test(`spec 26: every back-office page linked from the dashboard is axe clean and logs no error (desktop)`, async ({
  page,
}) => {
  test.setTimeout(240_000);
  await logInByApi(page);
  await page.goto("/admin/");
  await page.waitForLoadState("networkidle");
  const links = await page
    .locator('a[href^="/admin/"]')
    .evaluateAll((as) => [...new Set(as.map((a) => (a as HTMLAnchorElement).pathname))]);
  expect(links.length).toBeGreaterThan(5);
  expect(await walk(page, ["/admin/", ...links.filter((l) => l !== "/admin/")])).toEqual([]);
});
