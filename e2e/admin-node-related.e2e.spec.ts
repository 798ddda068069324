import { expect, test, type Page } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { logInByApi } from "./support/staff-login";

/** A fresh page in the back-office form, so its keywords, contributors and actions start empty. */
async function openFreshForm(page: Page, name: string, body = "<p>Creation and the flood.</p>") {
  await logInByApi(page);
  const node = await createNode(page, { name, url: freshUrl("related"), body });
  await page.goto(`/admin/content/contentnode/${node.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  return node;
}

test("the form's keywords, contributors and scheduled actions are sections under headings of their own", async ({
  page,
}) => {
  await openFreshForm(page, "Sections Page");
  // Level 2, like the form's other section headings below the page's h1: a screen reader lists them.
  const headings = page.getByRole("heading", { level: 2 });
  await expect(headings.filter({ hasText: /^(Keywords|Contributors|Scheduled actions)$/ })).toHaveText([
    "Keywords",
    "Contributors",
    "Scheduled actions",
  ]);
  // Each heading names the region that holds its editor.
  await expect(page.getByRole("region", { name: "Keywords" }).getByLabel("Find a keyword")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Contributors" }).getByRole("button", { name: "Add contributor" }),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Scheduled actions" }).getByRole("button", { name: "Schedule an action" }),
  ).toBeVisible();
  await page.getByRole("region", { name: "Contributors" }).getByLabel("Contributor", { exact: true }).fill("Ken Ham");
  await page.getByRole("region", { name: "Contributors" }).getByLabel("Role", { exact: true }).fill("Author");
  await page.getByRole("button", { name: "Add contributor" }).click();
  await expect(page.getByRole("list", { name: "Contributors in order" }).getByRole("listitem")).toHaveText([
    /^Ken Ham — Author/,
  ]);
  await page.screenshot({ path: "test-results/screens/form-sections.png", fullPage: true });
});

test("a keyword that does not exist is created through the prompt: 'new' until saved, then 'exists', flagged missing until the body uses it", async ({
  page,
}) => {
  await openFreshForm(page, "Keyword Page");
  const word = `ararat${Date.now().toString(36)}`;
  await page.getByLabel("Find a keyword").fill(word);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const offer = page.getByRole("alert").filter({
    hasText: "This keyword does not exist yet. Do you want to add it instead of using an existing keyword?",
  });
  await expect(offer).toBeVisible();

  // Hold the create call so the row can be seen while it is still 'new'.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/api/content/keyword/?ts=*", async (route) => {
    await held;
    await route.fallback();
  });
  await offer.getByRole("button", { name: `Add "${word}"` }).click();
  const current = page.getByRole("table", { name: "Current keywords" });
  const row = current.getByRole("row", { name: new RegExp(word) });
  await expect(row.getByText("new", { exact: true })).toBeVisible();
  release();
  await expect(row.getByText("exists", { exact: true })).toBeVisible();
  await expect(row.getByText("missing", { exact: true })).toBeVisible();

  await page.locator(".code-editor .cm-content").first().click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(` Mount ${word}.`);
  await expect(row.getByText("missing", { exact: true })).toHaveCount(0);
  await expect(row).toContainText("1×");
});

test("a refused keyword shows 'Creating the keyword failed. See errors below.' with the server's errors", async ({
  page,
}) => {
  await openFreshForm(page, "Keyword Failure");
  await page.route("**/admin/api/content/keyword/?ts=*", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ metadata: { success: false, errors: ["name: Keyword with this Name already exists."] } }),
    }),
  );
  const word = `refused${Date.now().toString(36)}`;
  await page.getByLabel("Find a keyword").fill(word);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: `Add "${word}"` }).click();
  const failure = page.getByRole("alert").filter({ hasText: "Creating the keyword failed. See errors below." });
  await expect(failure).toContainText("name: Keyword with this Name already exists.");
  await expect(
    page
      .getByRole("table", { name: "Current keywords" })
      .getByRole("row", { name: new RegExp(word) })
      .getByText("new", { exact: true }),
  ).toBeVisible();
});

test("contributors are added in order and reordered, and the order is kept", async ({ page }) => {
  await openFreshForm(page, "Contributors Page");
  await page.getByRole("button", { name: "Add contributor" }).click();
  await expect(page.locator(".contributor-add").getByText("This field is required.")).toHaveCount(2);

  const order = page.getByRole("list", { name: "Contributors in order" }).getByRole("listitem");
  for (const [i, [name, role]] of [
    ["Ken Ham", "Author"],
    ["Georgia Purdom", "Reviewer"],
  ].entries()) {
    await page.getByLabel("Contributor", { exact: true }).fill(name);
    await page.getByLabel("Role", { exact: true }).fill(role);
    await page.getByRole("button", { name: "Add contributor" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${name} added.` })).toBeVisible();
    // The next one goes after the rows shown: wait until this one is listed.
    await expect(order).toHaveCount(i + 1);
  }
  await expect(order).toHaveText([/^Ken Ham — Author/, /^Georgia Purdom — Reviewer/]);
  await page.getByRole("button", { name: "Move Georgia Purdom up" }).click();
  await expect(order).toHaveText([/^Georgia Purdom — Reviewer/, /^Ken Ham — Author/]);
  await page.reload();
  await expect(page.getByRole("list", { name: "Contributors in order" }).getByRole("listitem")).toHaveText([
    /^Georgia Purdom/,
    /^Ken Ham/,
  ]);
});

test("two contributors added one right after the other take places 1 and 2, and keep them after a reload", async ({
  page,
}) => {
  const node = await openFreshForm(page, "Quick Contributors Page");
  // Each add takes a moment to answer, so the second is typed and sent while the first is on its way.
  const sent: number[] = [];
  await page.route("**/admin/api/content/role/", async (route) => {
    if (route.request().method() === "POST") {
      sent.push(route.request().postDataJSON().sort_order);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await route.fallback();
  });
  for (const [name, role] of [
    ["Ken Ham", "Author"],
    ["Terry Mortenson", "Historian"],
  ]) {
    await page.getByLabel("Contributor", { exact: true }).fill(name);
    await page.getByLabel("Role", { exact: true }).fill(role);
    await page.getByRole("button", { name: "Add contributor" }).click();
  }
  const order = page.getByRole("list", { name: "Contributors in order" }).getByRole("listitem");
  await expect(order).toHaveText([/^Ken Ham — Author/, /^Terry Mortenson — Historian/]);
  await expect(page.getByRole("status").filter({ hasText: "Terry Mortenson added." })).toBeVisible();
  // The page asks for places 1 and 2 itself (the server would otherwise move a taken place to the end).
  expect(sent).toEqual([10, 20]);
  const stored = await page.request.get(`/admin/api/content/role/?node=${node.id}&sort=sort_order`);
  expect(
    (await stored.json()).items.map((r: { contributor: string; sort_order: number }) => [r.contributor, r.sort_order]),
  ).toEqual([
    ["Ken Ham", 10],
    ["Terry Mortenson", 20],
  ]);
  await page.reload();
  await expect(page.getByRole("list", { name: "Contributors in order" }).getByRole("listitem")).toHaveText([
    /^Ken Ham — Author/,
    /^Terry Mortenson — Historian/,
  ]);
});

test("a scheduled action needs a time and an action; it is a pending addition until saved", async ({ page }) => {
  await openFreshForm(page, "Scheduled Page");
  await page.getByRole("button", { name: "Schedule an action" }).click();
  const row = page.getByRole("list", { name: "Scheduled actions" }).getByRole("listitem");
  const time = row.getByLabel("Time", { exact: true });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("pending addition")).toBeVisible();
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("This field is required.")).toHaveCount(2);
  await expect(time).toHaveAttribute("aria-invalid", "true");
  await expect(row.getByLabel("Action")).toHaveAttribute("aria-invalid", "true");

  await time.fill("2031-05-01 09:30");
  await row.getByLabel("Action").selectOption("publish");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("saved", { exact: true })).toBeVisible();
  await expect(row.getByText("pending addition")).toHaveCount(0);
  await expect(time).toHaveValue("2031-05-01 09:30");
  await page.reload();
  await expect(
    page.getByRole("list", { name: "Scheduled actions" }).getByRole("listitem").getByText("saved", { exact: true }),
  ).toBeVisible();
});

test("code health 8: action times are typed and read in the site's zone (Eastern Time) and stored as UTC", async ({
  page,
}) => {
  const node = await openFreshForm(page, "Zoned Schedule Page");
  await page.getByRole("button", { name: "Schedule an action" }).click();
  const row = page.getByRole("list", { name: "Scheduled actions" }).getByRole("listitem");
  const time = row.getByLabel("Time", { exact: true });
  // The zone is shown next to the input and read with it by a screen reader.
  await expect(row.getByText("Eastern Time (America/New_York)")).toBeVisible();
  await expect(time).toHaveAccessibleDescription(/Eastern Time \(America\/New_York\)/);

  // A time the clocks skip (the spring change of 2031) is refused before anything is sent.
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/admin/api/base/cmsactionevent/")) posts++;
  });
  await time.fill("2031-03-09 02:30");
  await row.getByLabel("Action").selectOption("publish");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(
    row.getByText(
      "That time does not exist in Eastern Time (America/New_York): the clocks go forward then. Enter 2031-03-09 03:00 or later.",
    ),
  ).toBeVisible();
  await expect(time).toHaveAttribute("aria-invalid", "true");
  expect(posts).toBe(0);

  // 09:30 on a summer day in New York is 13:30 UTC; in winter 14:30 UTC.
  await time.fill("2031-07-01 09:30");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("saved", { exact: true })).toBeVisible();
  const list = async () =>
    (await (await page.request.get(`/admin/api/base/cmsactionevent/?object_id=${node.id}`)).json()).items as Array<{
      id: number;
      action_time_iso: string;
    }>;
  const [saved] = await list();
  expect(saved.action_time_iso).toBe("2031-07-01T13:30:00.000Z");

  await time.fill("2031-12-01 09:30");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("saved", { exact: true })).toBeVisible();
  await expect.poll(async () => (await list())[0].action_time_iso).toBe("2031-12-01T14:30:00.000Z");
  await page.reload();
  await expect(
    page.getByRole("list", { name: "Scheduled actions" }).getByRole("listitem").getByLabel("Time", { exact: true }),
  ).toHaveValue("2031-12-01 09:30");

  // The list of every scheduled action shows the same time, with the zone's abbreviation.
  await page.goto("/admin/base/cmsactionevent/");
  await expect(page.locator(`tr[data-id="${saved.id}"]`)).toContainText("Dec 1, 2031, 9:30 AM EST");
  // and finds it by the time as staff read it (14:30 in UTC).
  await page.getByRole("searchbox", { name: "Search scheduled actions" }).fill("2031-12-01 09:30");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.locator(`tr[data-id="${saved.id}"]`)).toBeVisible();
});

test("back office 2: a keyword that repeats a word more than 4 times shows the warnings dialog; Continue (ignore warnings) adds it", async ({
  page,
}) => {
  const node = await openFreshForm(page, "Repeated Keywords");
  const headers = { "X-CSRFToken": (await page.context().cookies()).find((c) => c.name === "csrftoken")!.value };
  const word = `deluge${Date.now().toString(36)}`;
  const keyword = async (name: string) =>
    (await (await page.request.post("/admin/api/content/keyword/", { data: { name }, headers })).json()).id as number;
  for (const n of ["one", "two", "three", "four"]) {
    const res = await page.request.post(`/admin/api/content/contentnode/${node.id}/keywords/`, {
      data: { keyword: await keyword(`${word} ${n}`) },
      headers,
    });
    expect(res.status()).toBe(200);
  }
  await keyword(`${word} five`);
  const current = page.getByRole("table", { name: "Current keywords" });
  await expect(current.getByRole("row", { name: new RegExp(word) })).toHaveCount(4);

  await page.getByLabel("Find a keyword").fill(`${word} five`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("button", { name: `Add keyword ${word} five` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Please review these warnings" });
  await expect(dialog).toContainText(`The word "${word}" appears 5 times in the keyword list.`);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/repeated-keyword-warning.png" });
  await expect(current.getByRole("row", { name: new RegExp(word) })).toHaveCount(4);

  await dialog.getByRole("button", { name: "Continue (ignore warnings)" }).click();
  await expect(dialog).toBeHidden();
  await expect(current.getByRole("row", { name: new RegExp(`${word} five`) })).toBeVisible();
  await expect(current.getByRole("row", { name: new RegExp(word) })).toHaveCount(5);
});

test("back office 7: server field errors attach to the element id_{field} names; others stay visible at the top or in the row", async ({
  page,
}) => {
  const node = await openFreshForm(page, "Server Errors");
  // The server's answer is fixed here: real saves rarely refuse a field the form checks first.
  await page.route(`**/admin/api/content/contentnode/${node.id}/`, (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({
            metadata: {
              success: false,
              errors: [
                "short_description: The server refused this.",
                "colour: Unknown field.",
                "__all__: Nothing was saved.",
              ],
            },
          }),
        })
      : route.fallback(),
  );
  await page.getByLabel("Short description").fill("Changed");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".field-short_description #id_short_description-errors")).toHaveText(
    "The server refused this.",
  );
  await expect(page.getByLabel("Short description")).toHaveAttribute("aria-describedby", /id_short_description-errors/);
  const summary = page.getByRole("alert").filter({ hasText: "Please correct the following errors:" });
  await expect(summary).toContainText("Nothing was saved.");
  await expect(summary).toContainText("colour: Unknown field.");

  // A scheduled action's row: errors about no control of the row were dropped; now the row shows them.
  await page.route("**/admin/api/base/cmsactionevent/**", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 400,
          contentType: "application/json",
          body: JSON.stringify({
            metadata: {
              success: false,
              errors: ["action: Pick another action.", "__all__: The action could not be scheduled."],
            },
          }),
        })
      : route.fallback(),
  );
  await page.getByRole("button", { name: "Schedule an action" }).click();
  const row = page.getByRole("list", { name: "Scheduled actions" }).getByRole("listitem");
  await row.getByLabel("Time", { exact: true }).fill("2031-05-01 09:30");
  await row.getByLabel("Action").selectOption("publish");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("Pick another action.")).toBeVisible();
  await expect(row.getByLabel("Action")).toHaveAttribute("aria-invalid", "true");
  await expect(row.getByRole("alert")).toHaveText("The action could not be scheduled.");
});
