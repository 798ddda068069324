import { expect, type Browser, type Page } from "@playwright/test";

/** The demo data's two staff users (services/src/demo/demo-data.ts). */
export const DEMO = { email: "demo@example.org", password: "demo-password", name: "Demo Editor" };
export const COLLEAGUE = { email: "colleague@example.org", password: "demo-password", name: "Colleague Editor" };

type Login = { email: string; password: string };

/** Logs in through the back office's login page and waits for the dashboard: for a test that goes on
 * from the dashboard. A test that only needs the session uses logInByApi. */
export async function logIn(page: Page, user: Login = DEMO): Promise<void> {
  await page.goto("/admin/login/");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

/**
 * Logs in through POST /api/account/login/ (as the login form does), into the page's browser context,
 * and opens no page: for a test that needs only the session, and goes on to a page or an API call of
 * its own. It saves the login page and the dashboard (live lists, a socket) that logIn loads. The form
 * itself is tested by admin-login.e2e.spec.ts, admin-a11y's first test and logIn's callers.
 */
export async function logInByApi(page: Page, user: Login = DEMO): Promise<void> {
  const request = page.context().request;
  await request.get("/api/account/me/"); // sets the CSRF cookie
  const csrf = (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value;
  expect(csrf, "GET /api/account/me/ set no CSRF cookie").toBeTruthy();
  const res = await request.post("/api/account/login/", {
    data: { email: user.email, password: user.password },
    headers: { "X-CSRFToken": csrf! },
  });
  expect(res.status()).toBe(200);
}

/** A second browser (its own cookies) logged in as `user`, on no page yet. */
export async function logInNewBrowser(browser: Browser, user: Login): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logInByApi(page, user);
  return page;
}
