import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO, logInNewBrowser } from "./support/staff-login";
import { placeOrderThroughApi, postOk as post } from "./support/orders";

// Issue 9, after the sale: the shopper's order page shows what staff did (shipped with the tracking
// number, a partial refund with its amount).

const HARDCOVER = "10-1-202";
test.describe.configure({ timeout: 120_000 });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const placeOrder = (shopper: Page) =>
  placeOrderThroughApi(shopper, HARDCOVER, { first: "Ada", last: "Aftersale", email: "ada@example.org" });

test("the shopper's order page shows shipped with the tracking number, then the partial refund", async ({
  browser,
}) => {
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const number = await placeOrder(shopper);
  const staff = await logInNewBrowser(browser, DEMO);
  const base = `/admin/api/store/order/${number}/`;
  await staff.goto("/admin/store/order/");
  await post(staff, `${base}ship/`, { tracking_number: "1ZAFTER1", expected_version: 0 });

  await shopper.goto(`/store/checkout/complete/${number}/`);
  const status = shopper.getByRole("list", { name: "Order status" });
  await expect(status).toContainText("Shipped, tracking number 1ZAFTER1");

  await post(staff, `${base}refund/`, { amount_cents: 500, reason: "scuffed", expected_version: 1 });
  await shopper.reload();
  await expect(status).toContainText(/Refunded \$5\.00 of \$\d+\.\d\d/);
  expect(await seriousViolations(shopper)).toEqual([]);
  await shopperContext.close();
  await staff.context().close();
});

test("staff edit the shipping rate table: a bad row is refused with its message, a good table is saved", async ({
  browser,
}) => {
  const staff = await logInNewBrowser(browser, DEMO);
  await staff.goto("/admin/store/shipping-rate/");
  await expect(staff.getByRole("heading", { name: "Shipping rates" })).toBeVisible();
  await expect(staff.getByRole("textbox", { name: "Code, row 1" })).toHaveValue("standard");
  const rows = staff.locator(".shipping-rate-table tbody tr");
  const before = await rows.count();
  expect(await seriousViolations(staff)).toEqual([]);

  await staff.getByRole("button", { name: "Add a rate" }).click();
  const n = before + 1;
  await staff.getByRole("textbox", { name: `Code, row ${n}` }).fill("Pick Up");
  await staff.getByRole("textbox", { name: `Base, row ${n}` }).fill("0");
  await staff.getByRole("button", { name: "Save" }).click();
  await expect(staff.locator(`#id_rates-${n - 1}-code-errors`)).toHaveText(
    "Enter lowercase letters, digits, - or _ only.",
  );
  await expect(staff.locator(`#id_rates-${n - 1}-label-errors`)).toHaveText("This field is required.");

  await staff.getByRole("textbox", { name: `Code, row ${n}` }).fill("pickup");
  await staff.getByRole("textbox", { name: `Label, row ${n}` }).fill("Pick up at the museum");
  await staff.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByRole("status")).toHaveText(/The shipping rates were saved/);
  const saved = await (await staff.request.get("/admin/api/store/shipping-rate/")).json();
  expect(saved.rates.at(-1)).toEqual({
    code: "pickup",
    label: "Pick up at the museum",
    base_cents: 0,
    per_item_cents: 0,
    free_over_cents: null,
  });

  // Back to the table as it was, for whatever runs next on this server.
  await staff.getByRole("button", { name: `Remove row ${n}` }).click();
  await staff.getByRole("button", { name: "Save" }).click();
  await expect(staff.getByRole("status")).toHaveText(/The shipping rates were saved/);
  await expect(rows).toHaveCount(before);
  await staff.context().close();
});
