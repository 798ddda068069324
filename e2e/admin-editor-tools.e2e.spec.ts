import { expect, test, type Page } from "@playwright/test";
import { logIn } from "./support/staff-login";

// Demo content: 5 is "Donate" (/donate/), 6 is "Our History" (/about/history/).
const DONATE = "/admin/content/contentnode/5/";

const body = (page: Page) => page.locator(".code-editor .cm-content").first();

test("the toolbox inserts a scripture tag with the chosen translation at the cursor", async ({ page }) => {
  await logIn(page);
  await page.goto(DONATE);
  await expect(body(page)).toContainText("Help build the Ark.");
  await body(page).click();
  await page.keyboard.press("Control+End");
  await page.getByRole("button", { name: "View Toolbox" }).click();
  const toolbox = page.getByRole("region", { name: "Toolbox" });
  await toolbox.getByText("Scripture", { exact: true }).click();
  await expect(toolbox.getByLabel("Translation")).toHaveValue("NKJV");
  await toolbox.getByLabel("Reference").fill("John 3:16");
  await toolbox.getByLabel("Translation").selectOption("KJV");
  await toolbox.getByRole("button", { name: "Insert scripture" }).click();
  await expect(body(page)).toContainText('Help build the Ark.</p>{% scripture "John 3:16" "KJV" %}');
  await expect(toolbox.getByRole("status")).toContainText('Inserted {% scripture "John 3:16" "KJV" %}');
});

test("with no cursor placed the toolbox asks for a location and inserts nothing", async ({ page }) => {
  await logIn(page);
  await page.goto(DONATE);
  await expect(body(page)).toContainText("Help build the Ark.");
  await page.getByRole("button", { name: "View Toolbox" }).click();
  const toolbox = page.getByRole("region", { name: "Toolbox" });
  await toolbox.getByText("Footnote", { exact: true }).click();
  await toolbox.getByRole("button", { name: "Insert footnote index" }).click();
  await expect(toolbox.getByRole("alert")).toHaveText("Please select a location for the code to be placed.");
  await expect(body(page)).not.toContainText("footnote_index");
  await toolbox.getByRole("button", { name: "Close toolbox" }).click();
  await expect(toolbox).toBeHidden();
  await expect(page.getByRole("button", { name: "View Toolbox" })).toBeFocused();
});

test("typed HTML tag names are lowercased in the code editor", async ({ page }) => {
  await logIn(page);
  await page.goto(DONATE);
  await body(page).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("<DIV>Hi</DIV>");
  await expect(body(page)).toContainText("<div>Hi</div>");
  await expect(page.getByText(/\d+ characters/).first()).toBeVisible();
});

test("the picker needs three characters, says when nothing is found, and adds a found page", async ({ page }) => {
  await logIn(page);
  await page.goto("/admin/content/contentnode/6/");
  const picker = page.getByRole("group", { name: "Contained in" });
  const search = picker.getByRole("combobox", { name: "Search Contained in", exact: true });
  await expect(picker.getByText("About Us")).toBeVisible();

  await search.fill("do");
  await picker.getByRole("button", { name: "Find" }).click();
  await expect(picker.getByRole("alert")).toHaveText("Please enter at least three characters into the search box.");

  await search.fill("zzqx-nothing");
  await picker.getByRole("button", { name: "Find" }).click();
  await expect(picker.getByText("No results found!")).toBeVisible();

  await search.fill("Donate");
  await picker.getByRole("button", { name: "Find" }).click();
  await picker.getByRole("button", { name: "Add Donate" }).click();
  const selected = picker.getByRole("list", { name: "Selected Contained in" });
  // A foreign key holds one value: Donate replaces About Us, as a pending addition.
  await expect(selected.getByRole("listitem")).toHaveCount(1);
  await expect(selected.getByRole("listitem")).toContainText("Donate");
  await expect(selected.getByRole("listitem")).toContainText("pending addition");
});
