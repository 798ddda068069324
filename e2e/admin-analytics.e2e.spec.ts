import { expect, test } from "@playwright/test";
import { logInByApi } from "./support/staff-login";

// spec 1: the storefront's own analytics reach the staff analytics page: no cookie of its own.

test("spec 1: a visitor's page views show on the staff analytics page, charted", async ({ browser }) => {
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  // The page's events go in a batch a few seconds after it is shown (or as it is left).
  const sent = shop.waitForRequest(
    (r) => r.url().endsWith("/api/analytics/") && r.method() === "POST" && (r.postData() ?? "").includes('"/store/"'),
    { timeout: 15_000 },
  );
  await shop.goto("/store/");
  const request = await sent;
  expect(JSON.parse(request.postData() ?? "{}").events).toContainEqual({ name: "page_view", path: "/store/" });
  // The port sets no cookie of its own (a CSRF token is all any answer may carry).
  const setCookie = (await (await request.response())?.headerValue("set-cookie")) ?? "";
  expect(setCookie.split("\n").filter((c) => c && !c.startsWith("csrftoken="))).toEqual([]);
  await shopper.close();

  const page = await browser.newPage();
  await logInByApi(page);
  await page.goto("/admin/");
  await page.getByRole("link", { name: "Analytics" }).click();
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  const funnel = page.getByRole("list", { name: "Visitors at each stage" });
  await expect(funnel.getByText("viewed a page")).toBeVisible();
  expect(Number(await funnel.locator("li").first().locator("strong").textContent())).toBeGreaterThan(0);
  await expect(page.getByRole("region", { name: "Top pages" }).getByRole("link", { name: "/store/" })).toBeVisible();
  await expect(
    page.getByRole("img", { name: "Visitors and purchases per day" }).locator("canvas").first(),
  ).toBeVisible();
  await page.getByLabel("Period").selectOption("7");
  await expect(page.getByRole("table", { name: /Each day/ })).toContainText(new Date().toISOString().slice(0, 10));
  await page.screenshot({ path: "test-results/admin-analytics.png", fullPage: true });
});
