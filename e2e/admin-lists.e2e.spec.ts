import { expect, test } from "@playwright/test";
import { createNode, freshUrl, saveNode } from "./support/nodes";
import { logIn, logInByApi } from "./support/staff-login";

test("the content list pages with start in the URL, survives a reload, and 'Show All' shows every node", async ({
  page,
}) => {
  await logInByApi(page);
  // Five pages of its own (other tests add pages too): at two a page, pages 1–3.
  const tag = `pager${Date.now().toString(36)}`;
  for (let n = 1; n <= 5; n++) await createNode(page, { name: `Pager ${tag} ${n}`, url: freshUrl(tag) });
  await page.goto(`/admin/content/contentnode/?q=${tag}&count=2`);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager.getByRole("link")).toHaveText(["2", "3", "Show All"]);
  await expect(pager.locator("[aria-current=page]")).toHaveText("1");
  await pager.getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/start=2/);
  await expect(pager.locator("[aria-current=page]")).toHaveText("2");
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Pages" }).locator("[aria-current=page]")).toHaveText("2");
  await expect(page.locator("tbody tr")).toHaveCount(2);
  await expect(page.locator("tbody tr td:first-child")).toHaveText([`Pager ${tag} 3`, `Pager ${tag} 4`]);
  await page.screenshot({ path: "test-results/screens/list.png", fullPage: true });
  await page.getByRole("link", { name: "Show All" }).click();
  await expect(page).toHaveURL(/count=-1/);
  await expect(page).toHaveURL(/start=0/);
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
  await expect(page.locator("tbody tr")).toHaveCount(5);
});

test("searching and sorting the content list keep their state in the URL", async ({ page }) => {
  await logInByApi(page);
  await page.goto("/admin/content/contentnode/");
  await page.getByLabel("Search content nodes").fill("our");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=our/);
  await expect(page.getByText(/results? for “our”/)).toBeVisible();
  const names = page.locator("tbody tr td:first-child");
  // Other e2e files may have renamed "Our History" (the admin bar test does): match its start.
  await expect(names).toHaveText(["Our Mission", /^Our History/]);
  await page.getByRole("button", { name: "Name" }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(names).toHaveText([/^Our History/, "Our Mission"]);
  await page.getByRole("button", { name: "Name" }).click();
  await expect(page).toHaveURL(/sort=-name/);
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  await expect(names).toHaveText(["Our Mission", /^Our History/]);
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(page).not.toHaveURL(/q=/);
  // Every node again: the six of the demo and any other test's pages.
  await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThanOrEqual(6);
});

test("the keyword and scheduled-action lists open from their URLs and from the dashboard", async ({ page }) => {
  await logInByApi(page);
  await page.goto("/admin/content/keyword/");
  await expect(page.getByRole("heading", { name: "Keywords" })).toBeVisible();
  await expect(page.getByText(/\d+ results?/)).toBeVisible();
  // /admin/base/ is also an API prefix: a browser navigation there still gets the back office.
  await page.goto("/admin/base/cmsactionevent/");
  await expect(page.getByRole("heading", { name: "Scheduled actions" })).toBeVisible();
  await page.goto("/admin/");
  await page.getByRole("link", { name: "Scheduled actions" }).click();
  await expect(page.getByRole("heading", { name: "Scheduled actions" })).toBeVisible();
  await expect(page.getByText(/\d+ results?/)).toBeVisible();
});

test("the dashboard lists recently edited nodes and who is editing which node right now", async ({ page, browser }) => {
  await logIn(page);
  // Other tests edit pages too: a page saved now is the one sure to be among the newest, and it arrives live.
  const recent = page.getByRole("region", { name: "Recently edited" });
  await expect(recent.getByRole("listitem")).not.toHaveCount(0);
  const node = await createNode(page, { name: `Recent ${Date.now().toString(36)}`, url: freshUrl("recent") });
  await saveNode(page, node.id, { name: `${node.name} (saved)` });
  await expect(recent.getByRole("listitem").first()).toContainText(`${node.name} (saved)`);
  const editingNow = page.getByRole("region", { name: "Editing now" });
  await expect(editingNow).not.toContainText("Donate");

  const colleague = await browser.newContext();
  const other = await colleague.newPage();
  await logInByApi(other);
  await other.goto("/admin/content/contentnode/5/");
  await expect(other.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await expect(editingNow.getByRole("link", { name: "Donate" })).toBeVisible({ timeout: 1000 });
  await colleague.close();
});

test("a tab keeps one live connection however many live views it shows", async ({ page }) => {
  const open = new Set<unknown>();
  page.on("websocket", (ws) => {
    open.add(ws);
    ws.on("close", () => open.delete(ws));
  });
  await logIn(page);
  await expect(page.getByRole("region", { name: "Recent activity" }).getByText("Live", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Content nodes" }).first().click();
  await expect(page.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await expect.poll(() => open.size).toBe(1);
});

test("back office 9: an old bookmark with the list state in the hash opens the right list page, kept in the query string", async ({
  page,
}) => {
  await logInByApi(page);
  const tag = `hash${Date.now().toString(36)}`;
  for (let n = 1; n <= 5; n++) await createNode(page, { name: `Hash ${tag} ${n}`, url: freshUrl(tag) });
  await page.goto(`/admin/content/contentnode/#q=${tag}&count=2&start=2`);
  await expect(page.getByRole("navigation", { name: "Pages" }).locator("[aria-current=page]")).toHaveText("2");
  await expect(page.locator("tbody tr td:first-child")).toHaveText([`Hash ${tag} 3`, `Hash ${tag} 4`]);
  await expect(page).toHaveURL(
    (url) =>
      url.hash === "" &&
      url.searchParams.get("q") === tag &&
      url.searchParams.get("start") === "2" &&
      url.searchParams.get("count") === "2",
  );
  await page.reload();
  await expect(page.locator("tbody tr td:first-child")).toHaveText([`Hash ${tag} 3`, `Hash ${tag} 4`]);
});

/** The page scrolls only down at this width, and nothing inside it scrolls sideways either. */
async function expectNoSidewaysScroll(page: import("@playwright/test").Page) {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    const wide = [
      ...document.querySelectorAll<HTMLElement>("main *:not(input):not(textarea):not(select):not(.visually-hidden)"),
    ].filter(
      (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible" && el.clientWidth > 1,
    );
    return { page: root.scrollWidth - root.clientWidth, inner: wide.map((el) => `${el.tagName}.${el.className}`) };
  });
  expect(overflow).toEqual({ page: 0, inner: [] });
}

test("back office 9: at tablet width (900 px) lists and the node form fit the screen without sideways scrolling", async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 1000 });
  await logInByApi(page);
  // Long words with no place to break (a pasted slug or url) are what push a table sideways.
  const word = `Antediluvianpatriarchsgenealogyandchronology${Date.now().toString(36)}`;
  const node = await createNode(page, {
    name: `Tablet ${word}`,
    slug: word.toLowerCase(),
    url: `/e2e/${word.toLowerCase()}/`,
  });
  const headers = { "X-CSRFToken": (await page.context().cookies()).find((c) => c.name === "csrftoken")!.value };
  await page.request.post("/admin/api/content/keyword/", { data: { name: word }, headers });
  await page.request.post(`/admin/api/content/contentnode/${node.id}/keywords/`, {
    data: {
      keyword: (await (await page.request.get(`/admin/api/content/keyword-search/?query=${word}`)).json()).items[0].id,
    },
    headers,
  });
  await page.request.post("/admin/api/base/cmsactionevent/", {
    data: { object_id: node.id, action: "publish", action_time: "2031-01-01 09:00" },
    headers,
  });
  for (const list of [
    `/admin/content/contentnode/?q=${word}`,
    `/admin/content/keyword/?q=${word}`,
    "/admin/base/cmsactionevent/",
  ]) {
    await page.goto(list);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Loading…")).toHaveCount(0);
    // Tablet: a table keeps its columns (the phone layout stacks them) and its headings stay readable.
    if (await page.locator("tbody tr").count()) await expect(page.locator(".records thead")).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await page.goto("/admin/content/contentnode/");
  await page.screenshot({ path: "test-results/screens/list-tablet.png", fullPage: true });
  await page.goto(`/admin/content/contentnode/${node.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Every input is wide enough to read what is typed in it.
  const narrowest = await page.evaluate(() =>
    Math.min(
      ...[...document.querySelectorAll<HTMLElement>("main input:not([type=checkbox]):not([type=radio]), main select")]
        .filter((el) => el.offsetParent)
        .map((el) => el.getBoundingClientRect().width),
    ),
  );
  expect(narrowest).toBeGreaterThanOrEqual(200);
  await page.screenshot({ path: "test-results/screens/form-tablet.png", fullPage: true });
});
