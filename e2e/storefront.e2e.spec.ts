import { expect, test } from "@playwright/test";

test("the storefront shell loads with its navigation and sign-in link", async ({ page }) => {
  await page.goto("/");
  await expect(
    page.getByRole("link", { name: "Ark & Answers Store" }).or(page.getByText("Ark & Answers Store")).first(),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart" }).first()).toHaveAttribute("href", "/store/cart/");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("the storefront fits a phone screen without sideways scrolling", async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
  const page = await phone.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Menu", exact: true }).click(); // spec 26.3: the tools fold behind it
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.close();
});

test("health and readiness answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  expect(await (await request.get("/readyz")).json()).toEqual({ status: "ready" });
});
