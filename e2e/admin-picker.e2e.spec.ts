import { expect, test, type Page } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { logInByApi } from "./support/staff-login";

// Twelve pages whose names and slugs share nothing but the run's tag: enough to fill an autocomplete
// of 10, and a slug word the names never contain.
const tag = Date.now().toString(36);
const NAME = `Picker ${tag}`;
const SLUG_WORD = `slugonly${tag}`;

async function seedPages(page: Page) {
  for (let n = 1; n <= 12; n++)
    await createNode(page, { name: `${NAME} ${n}`, slug: `${SLUG_WORD}-${n}`, url: freshUrl(`picker-${n}`) });
}

async function openHostForm(page: Page) {
  const host = await createNode(page, {
    name: `Host ${tag} ${Math.random().toString(36).slice(2, 6)}`,
    url: freshUrl("host"),
  });
  await page.goto(`/admin/content/contentnode/${host.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  const picker = page.getByRole("group", { name: "Contained in" });
  return { picker, search: picker.getByRole("combobox", { name: "Search Contained in", exact: true }) };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await logInByApi(page);
  await seedPages(page);
  await page.close();
});

test("autocomplete suggests at most 10 pages once three characters are typed, and a suggestion is selected as a pending addition", async ({
  page,
}) => {
  await logInByApi(page);
  const { picker, search } = await openHostForm(page);
  const suggestions = picker.getByRole("listbox", { name: "Suggestions for Contained in" });
  await search.fill("Pi");
  // Past the 200 ms debounce: two characters ask for nothing.
  await page.waitForTimeout(500);
  await expect(suggestions.getByRole("option")).toHaveCount(0);
  const asked = page.waitForRequest((r) => r.method() === "GET" && r.url().includes("query="));
  await search.fill(NAME);
  await expect(suggestions.getByRole("option")).toHaveCount(10);
  const params = new URL((await asked).url()).searchParams;
  expect(Object.fromEntries(params)).toMatchObject({ count: "10", start: "0", query: NAME, sort: "keyword" });
  // The selected parent (Home) and the page itself are never suggested.
  expect(JSON.parse(params.get("exclude") ?? "null")).toEqual(expect.arrayContaining([1]));
  await suggestions.getByRole("option", { name: `${NAME} 3`, exact: true }).click();
  const selected = picker.getByRole("list", { name: "Selected Contained in" });
  await expect(selected.getByRole("listitem")).toHaveCount(1);
  await expect(selected.getByRole("listitem")).toContainText(`${NAME} 3`);
  await expect(selected.getByRole("listitem")).toContainText("pending addition");
});

test("the search-field dropdown narrows Find to one field, 'All' searches every field, and Clear search empties the search", async ({
  page,
}) => {
  await logInByApi(page);
  const { picker, search } = await openHostForm(page);
  const field = picker.getByLabel("Search field for Contained in");
  await expect(field.getByRole("option")).toHaveText(["All", "name", "slug", "url"]);
  const addButtons = picker.getByRole("button", { name: new RegExp(`^Add ${NAME} \\d+$`) });

  await search.fill(SLUG_WORD);
  await field.selectOption("name");
  await picker.getByRole("button", { name: "Find" }).click();
  await expect(picker.getByText("No results found!")).toBeVisible();

  await field.selectOption("slug");
  await picker.getByRole("button", { name: "Find" }).click();
  await expect(addButtons).toHaveCount(12);

  // 'All' sends one field__icontains per search field (§7), so the slug word finds them again.
  await field.selectOption("All");
  const sent = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().includes("/admin/api/content/contentnode/?ts="),
  );
  await picker.getByRole("button", { name: "Find" }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    start: 0,
    query: SLUG_WORD,
    OR: { name__icontains: SLUG_WORD, slug__icontains: SLUG_WORD },
  });
  await expect(addButtons).toHaveCount(12);

  await picker.getByRole("button", { name: "Clear search" }).click();
  await expect(search).toHaveValue("");
  await expect(addButtons).toHaveCount(0);
  await expect(picker.getByText("No results found!")).toHaveCount(0);
});

test("the 'url' search field finds pages by their url, and 'All' searches the url too", async ({ page }) => {
  await logInByApi(page);
  const { picker, search } = await openHostForm(page);
  const field = picker.getByLabel("Search field for Contained in");
  const found = picker.getByRole("button", { name: new RegExp(`^Add ${NAME} \\d+$`) });
  // Only the url holds this text: the seeded pages' names and slugs have no '/'.
  await search.fill("/e2e/picker-7-");
  await field.selectOption("name");
  await picker.getByRole("button", { name: "Find" }).click();
  await expect(picker.getByText("No results found!")).toBeVisible();

  await field.selectOption("url");
  const byUrl = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().includes("/admin/api/content/contentnode/?ts="),
  );
  await picker.getByRole("button", { name: "Find" }).click();
  expect((await byUrl).postDataJSON().OR).toEqual({ url__icontains: "/e2e/picker-7-" });
  await expect(picker.getByRole("button", { name: `Add ${NAME} 7`, exact: true })).toBeVisible();
  await expect(found).toHaveCount(1);

  await field.selectOption("All");
  const all = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().includes("/admin/api/content/contentnode/?ts="),
  );
  await picker.getByRole("button", { name: "Find" }).click();
  const query = "/e2e/picker-7-";
  expect((await all).postDataJSON().OR).toEqual({
    name__icontains: query,
    slug__icontains: query,
    url__icontains: query,
  });
  await expect(picker.getByRole("button", { name: `Add ${NAME} 7`, exact: true })).toBeVisible();
  await expect(found).toHaveCount(1);
  await expect(picker.getByRole("alert")).toHaveCount(0);
});

test("the picker needs three characters, says when nothing is found, and adds a found page", async ({ page }) => {
  await logInByApi(page);
  const { picker, search } = await openHostForm(page);
  await expect(picker.getByText("Home")).toBeVisible();
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
  // A foreign key holds one value: Donate replaces Home, as a pending addition.
  await expect(selected.getByRole("listitem")).toHaveCount(1);
  await expect(selected.getByRole("listitem")).toContainText("Donate");
  await expect(selected.getByRole("listitem")).toContainText("pending addition");
});

test("a failed search names the web team's contact in the alert", async ({ page }) => {
  await logInByApi(page);
  await openHostForm(page);
  await page.route("**/admin/api/content/contentnode/?ts=*", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 500, body: "{}" }) : route.fallback(),
  );
  await page.getByRole("button", { name: "View Toolbox" }).click();
  const toolbox = page.getByRole("region", { name: "Toolbox" });
  await toolbox.getByText("Get urls", { exact: true }).click();
  const picker = toolbox.getByRole("group", { name: "Page" });
  await picker.getByRole("combobox", { name: "Search Page", exact: true }).fill("Donate");
  await picker.getByRole("button", { name: "Find" }).click();
  await expect(picker.getByRole("alert")).toHaveText(
    "Your search failed. Please refresh the page and try again. If the problem persists, tell Daniel Brooks his API is broken.",
  );
});
