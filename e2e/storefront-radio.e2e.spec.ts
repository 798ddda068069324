import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { logInByApi } from "./support/staff-login";

// Issue 10: the radio stations page (storefront §2, §4 "Radio table") with the stations staff manage, and
// the kids mode toggle (§7 GET /kids-mode/).

const field = (page: Page, name: string) => page.locator(`#id_${name}`);
const stateSelect = (page: Page) => page.getByLabel("Your state");

test("radio: the table is hidden until a state is chosen, then shows its stations with the state last", async ({
  page,
}) => {
  await page.goto("/radio/");
  await expect(page.getByRole("heading", { name: "Find a radio station" })).toBeVisible();
  await expect(stateSelect(page).locator("option").first()).toHaveText("Select state");
  await expect(page.getByRole("table")).toHaveCount(0);

  await stateSelect(page).selectOption({ label: "Ohio" });
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.first().locator("td").last()).toHaveText("Ohio");

  await stateSelect(page).selectOption({ label: "Alaska" });
  await expect(page.getByText("There are not yet any stations in this location carrying the program.")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);

  await page.getByRole("button", { name: "Show all" }).click();
  expect(await rows.count()).toBeGreaterThanOrEqual(6);
});

test("radio: a station staff add in the back office shows on the radio page", async ({ page }) => {
  test.setTimeout(60_000); // the back office and the storefront, on a shared machine
  await logInByApi(page);
  const callLetters = `K${Date.now().toString(36).slice(-4).toUpperCase()}`;
  await page.goto("/admin/radio/station/");
  await page.getByRole("link", { name: "Add radio station" }).click();
  await field(page, "call_letters").fill(callLetters);
  await field(page, "city").fill("Juneau");
  await field(page, "state").selectOption("AK");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: callLetters })).toBeVisible();

  await page.goto("/radio/");
  await stateSelect(page).selectOption({ label: "Alaska" });
  await expect(page.getByRole("row", { name: new RegExp(`${callLetters}.*Juneau.*Alaska`) })).toBeVisible();
});

test("kids mode: the toggle turns it on and off and is remembered for the visitor", async ({ page }) => {
  test.setTimeout(60_000); // four page loads
  await page.goto("/radio/");
  await page.getByRole("button", { name: "Kids mode: off" }).click();
  await expect(page).toHaveURL(/\/radio\/$/);
  await expect(page.getByRole("button", { name: "Kids mode: on" })).toBeVisible();
  await page.goto("/donate/");
  await expect(page.getByRole("button", { name: "Kids mode: on" })).toBeVisible();
  await page.getByRole("button", { name: "Kids mode: on" }).click();
  await expect(page.getByRole("button", { name: "Kids mode: off" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true });

  test("radio: the page fits the screen and passes axe", async ({ page }) => {
    test.setTimeout(90_000); // axe on a shared machine
    await page.goto("/radio/");
    await stateSelect(page).selectOption({ label: "Texas" });
    await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(2);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }))).toEqual([]);
    await page.screenshot({ path: "test-results/phone-radio.png", fullPage: true });
  });
});
