import { expect, type Page, test } from "@playwright/test";

// Spec 26.3: one readable nav bar, a phone header folded behind a Menu button, no dead links.

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false },
] as const;

/** WCAG contrast of each matched element's text against the first opaque background behind it. */
function contrastOf(page: Page, selector: string): Promise<{ text: string; ratio: number }[]> {
  return page.locator(selector).evaluateAll((elements) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const c = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const background = (element: Element) => {
      for (let e: Element | null = element; e; e = e.parentElement) {
        const [r, g, b, a = 1] = rgb(getComputedStyle(e).backgroundColor);
        if (a > 0.9) return [r, g, b];
      }
      return [255, 255, 255];
    };
    return elements
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => {
        const [l1, l2] = [luminance(rgb(getComputedStyle(e).color)), luminance(background(e))].sort((a, b) => b - a);
        return { text: (e.textContent ?? "").trim(), ratio: (l1 + 0.05) / (l2 + 0.05) };
      });
  });
}

/** On a phone the menu is behind the Menu button: open it. */
async function openMenu(page: Page, isMobile: boolean) {
  if (!isMobile) return;
  await page.getByRole("button", { name: "Menu", exact: true }).click();
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile });

    test(`spec 26.3: submenu and search suggestion text is readable, contrast ≥ 4.5:1 (${size.name})`, async ({
      page,
    }) => {
      await page.goto("/");
      await openMenu(page, size.isMobile);
      await page.getByRole("button", { name: "About submenu" }).click();
      await expect(page.getByRole("link", { name: "Our Mission" })).toBeVisible();
      const submenu = await contrastOf(page, ".main-menu .submenu a");
      expect(submenu.map((s) => s.text)).toEqual(["Our Mission", "Our History"]);
      for (const link of submenu) expect(link.ratio, link.text).toBeGreaterThanOrEqual(4.5);

      if (size.isMobile) await openMenu(page, true); // fold the menu again
      await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
      await page.getByLabel("Search the store and site").fill("answers");
      const suggestions = page.getByRole("list", { name: "Suggestions" }).getByRole("link");
      await expect(suggestions.first()).toBeVisible();
      const texts = await contrastOf(page, ".suggestions a, .suggestions .suggestion-kind");
      expect(texts.length).toBeGreaterThan(2);
      for (const text of texts) expect(text.ratio, text.text).toBeGreaterThanOrEqual(4.5);

      // The panel is on the screen whole (on a phone it was cut off at the left).
      const box = await page.locator(".nav-panel.search .nav-panel-body").boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(size.viewport.width);
    });

    test(`spec 26.3: one nav bar with Donate once; the store's and the staff's links in it (${size.name})`, async ({
      page,
    }) => {
      await page.goto("/store/");
      await openMenu(page, size.isMobile);
      const header = page.locator("header.site-header");
      await expect(header.getByRole("navigation")).toHaveCount(1);
      const nav = header.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link")).toHaveText([
        "About",
        "Visit",
        "Donate",
        "Shop",
        "Magazine",
        "Order form",
        "Alphabet order",
        "Radio",
      ]);
      await expect(header.getByRole("link", { name: "Donate" })).toHaveCount(1);
      await expect(nav.getByRole("link", { name: "Shop" })).toHaveAttribute("aria-current", "page");
    });
  });
}

test.describe("phone header", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true });

  test("spec 26.3: the phone header is at most 120 px tall; the Menu button opens and closes the nav", async ({
    page,
  }) => {
    await page.goto("/");
    const header = page.locator("header.site-header");
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(120);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await expect(header.getByRole("link", { name: "Cart" })).toBeVisible();
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Shop" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
    await nav.getByRole("link", { name: "Shop" }).click();
    await expect(page).toHaveURL(/\/store\/$/);
    await expect(nav).toBeHidden();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(120);
  });
});

test("spec 26.3: every link of the home page, a list, a product page and a content page answers 2xx or an intended redirect", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const links = new Set<string>();
  for (const path of ["/", "/store/", "/store/products/10/", "/about/"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const hrefs = await page.locator("a[href]").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== new URL(page.url()).origin) continue; // other sites are not ours to answer
      links.add(url.pathname + url.search);
    }
  }
  expect(links.size).toBeGreaterThan(20);
  const broken: string[] = [];
  for (const link of links) {
    const answer = await request.get(link, { maxRedirects: 0, headers: { Accept: "text/html" } });
    let status = answer.status();
    if (status >= 300 && status < 400) {
      // Intended redirects (sign in first, a SKU's product page) end on a page that answers.
      const next = await request.get(answer.headers().location ?? "", { headers: { Accept: "text/html" } });
      status = next.status();
    }
    if (status < 200 || status >= 300) broken.push(`${link} → ${status}`);
  }
  expect(broken).toEqual([]);
});
