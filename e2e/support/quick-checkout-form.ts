import type { Page } from "@playwright/test";

/** The membership quick checkout's billing (Noah Builder in Petersburg, KY) and its primary passholder. */
export async function fillMembershipBuyer(page: Page) {
  await page.getByRole("textbox", { name: "First name", exact: true }).fill("Noah");
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Builder");
  await page.getByRole("textbox", { name: "Street address", exact: true }).fill("1 Ark Way");
  await page.getByRole("textbox", { name: "City", exact: true }).fill("Petersburg");
  await page.getByRole("combobox", { name: "State", exact: true }).selectOption("KY");
  await page.getByRole("textbox", { name: "Postal code", exact: true }).fill("41080");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("noah@example.org");
  await page.getByLabel("Primary passholder first name").fill("Noah");
  await page.getByLabel("Primary passholder last name").fill("Builder");
}
