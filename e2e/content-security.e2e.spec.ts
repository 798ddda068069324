import { expect, test, type Page } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { logInByApi } from "./support/staff-login";

/** Every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return seen;
}

test("core hardening 9: the storefront and the back office run under the CSP without a violation", async ({ page }) => {
  const violations = await watchViolations(page);
  const home = await page.goto("/");
  expect(home?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/about/");
  await expect(page.locator("cite.scripture")).toHaveText("Genesis 1:1 (NKJV)");
  // A page whose on-demand chunk brings zod (jitless, see web/src/platform/zodJitless.ts) runs under it too.
  await page.goto("/giveaway");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await logInByApi(page);
  await page.goto("/admin/content/contentnode/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The node form with its code editor (CodeMirror adds its styles at run time) and the toolbox.
  const node = await createNode(page, { name: "CSP Page", url: freshUrl("csp"), body: "<p>Styled</p>" });
  await page.goto(`/admin/content/contentnode/${node.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  await expect(page.locator(".code-editor .cm-content").first()).toHaveText("<p>Styled</p>");
  await page.getByRole("button", { name: "View Toolbox" }).click();
  await expect(page.getByRole("region", { name: "Toolbox" })).toBeVisible();

  // The in-page admin bar: loaded into the storefront for staff, its styles and chunks included.
  await page.goto(node.url);
  const bar = page.getByRole("region", { name: "Admin bar" });
  await expect(bar.getByTestId("admin-bar-lock")).toHaveText("Locked by Me");
  await bar.getByRole("button", { name: "Edit" }).click();
  await bar.getByRole("button", { name: "Edit this page" }).click();
  await expect(page.getByRole("textbox", { name: "Edit body" })).toContainText("Styled");
  expect(violations).toEqual([]);
});

test("core hardening 9: the admin bar's edit mode puts no stored script into the page", async ({ page }) => {
  await logInByApi(page);
  const body =
    '<p>Hello</p><img src="/none.png" alt="x" onerror="document.title=\'xss\'"><a href="javascript:document.title=\'xss\'">j</a>' +
    '<svg onload="document.title=\'xss\'"></svg><iframe srcdoc="<script>parent.document.title=\'xss\'</script>"></iframe><p>{% scripture "John 3:16" %}</p>';
  const node = await createNode(page, { name: "Probe Page", url: freshUrl("probe"), body });
  await page.goto(node.url);
  const bar = page.getByRole("region", { name: "Admin bar" });
  await expect(bar.getByTestId("admin-bar-lock")).toHaveText("Locked by Me");
  await bar.getByRole("button", { name: "Edit" }).click();
  await bar.getByRole("button", { name: "Edit this page" }).click();

  const editing = page.getByRole("textbox", { name: "Edit body" });
  await expect(editing).toContainText('{% scripture "John 3:16" %}'); // the source, template tags as text
  const found = await editing.evaluate((el) => ({
    handlers: [...el.querySelectorAll("*")].flatMap((e) =>
      [...e.attributes].filter((a) => a.name.startsWith("on")).map((a) => `${e.localName} ${a.name}`),
    ),
    scriptUrls: [...el.querySelectorAll("[href],[src]")]
      .map((e) => e.getAttribute("href") ?? e.getAttribute("src") ?? "")
      .filter((u) => /^\s*javascript:/i.test(u)),
    frames: el.querySelectorAll("svg, iframe, script").length,
    html: el.innerHTML,
  }));
  expect(found.handlers).toEqual([]);
  expect(found.scriptUrls).toEqual([]);
  expect(found.frames).toBe(0);
  expect(found.html).toContain("<p>Hello</p>");
  expect(await page.title()).not.toBe("xss");
});
