import { expect, type Browser, type Page } from "@playwright/test";

/** The demo data's two staff users (services/src/demo/demo-data.ts). */
export const DEMO = { email: "demo@example.org", password: "demo-password", name: "Demo Editor" };
export const COLLEAGUE = { email: "colleague@example.org", password: "demo-password", name: "Colleague Editor" };

type Login = { email: string; password: string };

/** Logs in through the back office's login page and waits for the dashboard. */
export async function logIn(page: Page, user: Login = DEMO): Promise<void> {
  await page.goto("/admin/login/");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

/** A second browser (its own cookies) logged in as `user`. */
export async function logInNewBrowser(browser: Browser, user: Login): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logIn(page, user);
  return page;
}
