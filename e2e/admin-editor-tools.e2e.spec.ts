import { expect, test, type Page } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { logInByApi } from "./support/staff-login";

const BODY = "<p>Help build the Ark.</p>";
const body = (page: Page) => page.locator(".code-editor .cm-content").first();

/** A fresh page with a known body, opened in the back-office form (each test edits its own). */
async function openFreshForm(page: Page, name: string) {
  await logInByApi(page);
  const node = await createNode(page, { name, url: freshUrl("tools"), body: BODY });
  await page.goto(`/admin/content/contentnode/${node.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await expect(body(page)).toHaveText(BODY);
}

async function openTool(page: Page, title: string) {
  await page.getByRole("button", { name: "View Toolbox" }).click();
  const toolbox = page.getByRole("region", { name: "Toolbox" });
  await toolbox.getByText(title, { exact: true }).click();
  return toolbox;
}

test("the toolbox inserts a scripture tag with the chosen translation at the cursor, in the middle of the text", async ({
  page,
}) => {
  await openFreshForm(page, "Scripture Tool");
  await body(page).click();
  // The cursor goes after "<p>Help " (8 characters from the start).
  await page.keyboard.press("Control+Home");
  for (let i = 0; i < 8; i++) await page.keyboard.press("ArrowRight");
  const toolbox = await openTool(page, "Scripture");
  await expect(toolbox.getByLabel("Translation", { exact: true })).toHaveValue("NKJV");
  await toolbox.getByLabel("Reference").fill("John 3:16");
  await toolbox.getByLabel("Translation", { exact: true }).selectOption("KJV");
  await toolbox.getByRole("button", { name: "Insert scripture" }).click();
  await expect(body(page)).toHaveText('<p>Help {% scripture "John 3:16" "KJV" %}build the Ark.</p>');
  await expect(toolbox.getByRole("status")).toContainText('Inserted {% scripture "John 3:16" "KJV" %}');
});

test("with no cursor placed the toolbox asks for a location and inserts nothing", async ({ page }) => {
  await openFreshForm(page, "No Cursor");
  const toolbox = await openTool(page, "Footnote");
  await toolbox.getByRole("button", { name: "Insert footnote index" }).click();
  await expect(toolbox.getByRole("alert")).toHaveText("Please select a location for the code to be placed.");
  await expect(body(page)).toHaveText(BODY);
  await toolbox.getByRole("button", { name: "Close toolbox" }).click();
  await expect(toolbox).toBeHidden();
  await expect(page.getByRole("button", { name: "View Toolbox" })).toBeFocused();
});

test("restrict content for a chosen group needs a group from the list", async ({ page }) => {
  await openFreshForm(page, "Restricted");
  await body(page).click();
  await page.keyboard.press("Control+End");
  const toolbox = await openTool(page, "Restrict content");
  await toolbox.getByLabel("A chosen group (choosegroup)").check();
  const group = toolbox.getByLabel("Group", { exact: true });
  await expect(group.getByRole("option")).toHaveText(["Choose a group…", "Members (every signed-in account)", "Staff"]);
  await toolbox.getByRole("button", { name: "Insert restricted content" }).click();
  await expect(toolbox.getByText("This field is required.")).toBeVisible();
  await expect(body(page)).toHaveText(BODY);
  await group.selectOption({ label: "Members (every signed-in account)" });
  await toolbox.getByRole("button", { name: "Insert restricted content" }).click();
  await expect(body(page)).toHaveText(
    `${BODY}{% restrict_content mode=choosegroup group=members %}{% endrestrict_content %}`,
  );
});

test("get translations picks a translation set through the contentlangnode lookup", async ({ page }) => {
  await openFreshForm(page, "Translations");
  await body(page).click();
  await page.keyboard.press("Control+End");
  const toolbox = await openTool(page, "Get translations");
  const picker = toolbox.getByRole("group", { name: "Translation set" });
  await picker.getByRole("combobox", { name: "Search Translation set", exact: true }).fill("uns");
  await picker.getByRole("button", { name: "Find" }).click();
  // "Über uns" is the German translation of About Us (node 2).
  await picker.getByRole("button", { name: "Add Über uns (de)" }).click();
  await expect(picker.getByRole("list", { name: "Selected Translation set" })).toContainText("Über uns (de)");
  await toolbox.getByRole("button", { name: "Insert translations" }).click();
  await expect(body(page)).toHaveText(`${BODY}{% get_translations node=2 %}`);
});

test("the code editor counts its own characters as they are typed", async ({ page }) => {
  await openFreshForm(page, "Counting");
  const count = page.getByTestId("id_body-count");
  await expect(count).toHaveText(new RegExp(`^${BODY.length} characters`));
  await body(page).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Amen.");
  await expect(count).toHaveText(new RegExp(`^${BODY.length + 6} characters`));
  await page.keyboard.press("Backspace");
  await expect(count).toHaveText(new RegExp(`^${BODY.length + 5} characters`));
});

test("typed HTML tag names are lowercased in the code editor", async ({ page }) => {
  await openFreshForm(page, "Lowercase");
  await body(page).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("<SPAN>Hi");
  await expect(body(page)).toContainText(`${BODY}<span>Hi`);
  await expect(body(page)).not.toContainText("SPAN");
});

test("back office 1: embed media item and itemlistall pick a media file and a collection page, not a product", async ({
  page,
}) => {
  await openFreshForm(page, "Embed Media");
  await body(page).click();
  await page.keyboard.press("Control+End");
  const toolbox = await openTool(page, "Embed media");
  await toolbox.getByLabel("Media type").selectOption("item");
  const file = toolbox.getByRole("group", { name: "Media file" });
  await file.getByRole("combobox", { name: "Search Media file", exact: true }).fill("Genesis");
  await file.getByRole("button", { name: "Find" }).click();
  await file.getByRole("button", { name: "Add Genesis Audio Study" }).click();
  await toolbox.getByRole("button", { name: "Insert media" }).click();
  await expect(body(page)).toHaveText(`${BODY}{% embed_media type=item id=2 %}`);

  await toolbox.getByLabel("Media type").selectOption("itemlistall");
  const collection = toolbox.getByRole("group", { name: "Collection (page)" });
  await collection.getByRole("combobox", { name: "Search Collection (page)", exact: true }).fill("About");
  await collection.getByRole("button", { name: "Find" }).click();
  await collection.getByRole("button", { name: "Add About Us" }).click();
  await toolbox.getByRole("button", { name: "Insert media" }).click();
  await expect(body(page)).toHaveText(`${BODY}{% embed_media type=item id=2 %}{% embed_media type=itemlistall id=2 %}`);
});

test("back office 7: embed media's format list narrows the media files to one format", async ({ page }) => {
  await openFreshForm(page, "Embed Format");
  await body(page).click();
  await page.keyboard.press("Control+End");
  const toolbox = await openTool(page, "Embed media");
  const format = toolbox.getByLabel("Format");
  await expect(format.locator("option")).toHaveText(["Any format", "MP3 audio", "MP4 video", "PDF document"]);
  const file = toolbox.getByRole("group", { name: "Media file" });
  const find = async (text: string) => {
    await file.getByRole("combobox", { name: "Search Media file", exact: true }).fill(text);
    await file.getByRole("button", { name: "Find" }).click();
  };
  const added = file.getByRole("button", { name: /^Add / });
  await find("Guide");
  await expect(added).toHaveCount(1);
  await expect(added).toHaveAccessibleName("Add Visitor Guide");
  await format.selectOption({ label: "MP3 audio" });
  await find("Guide");
  await expect(file.getByText("No results found!")).toBeVisible(); // the guide is a PDF
  await expect(added).toHaveCount(0);
  await find("Genesis");
  await expect(added).toHaveAccessibleName("Add Genesis Audio Study");
});
