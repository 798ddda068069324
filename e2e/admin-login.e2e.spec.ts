import { expect, test } from "@playwright/test";

const DEMO = { email: "demo@example.org", password: "demo-password", name: "Demo Editor" };

test("a visitor opening the back office is sent to the login page", async ({ page }) => {
  await page.goto("/admin/");
  await expect(page).toHaveURL(/\/admin\/login\/$/);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
});

test("a wrong password shows the form-level message and no session", async ({ page }) => {
  await page.goto("/admin/login/");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a correct email and password.");
  await expect(page).toHaveURL(/\/admin\/login\/$/);
});

test("the demo staff user logs in, sees the dashboard, and a deep link survives a reload", async ({ page }) => {
  await page.goto("/admin/login/");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText(DEMO.name).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/admin\/login\/$/);
});

test("a colleague's sign-in appears in the live activity list without reload", async ({ browser }) => {
  const editor = await browser.newContext();
  const page = await editor.newPage();
  await page.goto("/admin/login/");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Log in" }).click();
  const activity = page.getByRole("region", { name: "Recent activity" });
  await expect(activity.getByText("Live", { exact: true })).toBeVisible();
  // The list keeps the newest 20 and other events may arrive meanwhile: look for a new row of this login.
  await expect(activity.locator(".activity-item").first()).toBeVisible();
  const positionsBefore = new Set(await activity.locator(".activity-position").allTextContents());

  // A colleague signs in from another browser.
  const colleague = await browser.newContext();
  const api = colleague.request;
  await api.get("/api/account/me/");
  const csrf = (await colleague.cookies()).find((c) => c.name === "csrftoken")!.value;
  const started = Date.now();
  const res = await api.post("/api/account/login/", {
    data: { email: "colleague@example.org", password: "demo-password" },
    headers: { "X-CSRFToken": csrf },
  });
  expect(res.status()).toBe(200);
  const colleagueId = (await res.json()).user.id;
  const newLoginRows = async () => {
    const rows = activity
      .locator(".activity-item", { hasText: `user-${colleagueId}` })
      .filter({ hasText: "UserLoggedIn" });
    const positions = await rows.locator(".activity-position").allTextContents();
    return positions.filter((p) => !positionsBefore.has(p)).length;
  };
  await expect.poll(newLoginRows, { timeout: 1000 }).toBe(1);
  expect(Date.now() - started).toBeLessThan(1500);
  await editor.close();
  await colleague.close();
});

test("spec 1: the back office reports a script error to /api/client-errors/ as the storefront does", async ({
  page,
}) => {
  await page.goto("/admin/login/");
  await expect(page.getByLabel("Email")).toBeVisible();
  const reported = page.waitForRequest(
    (r) =>
      r.url().endsWith("/api/client-errors/") && r.method() === "POST" && /e2e admin boom/.test(r.postData() ?? ""),
  );
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error("e2e admin boom");
    }),
  );
  const request = await reported;
  expect(JSON.parse(request.postData() ?? "{}")).toMatchObject({ kind: "script", page: "/admin/login/" });
});
