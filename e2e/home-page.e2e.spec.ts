import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// Spec 26.2: a home page that sells and asks, rendered on the server, without layout shift.

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false },
] as const;

/** The page's cumulative layout shift so far (shifts right after input do not count, as in CLS). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

test("spec 26.2: the server renders the hero, the thermometer, the products, the categories and the magazine", async ({
  request,
}) => {
  const answer = await request.get("/", { headers: { Accept: "text/html" } });
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
  expect(main).toContain("Help bring the Flood’s story to a new generation");
  expect(main).toMatch(/<a class="button hero-donate" href="\/donate\/">Donate<\/a>/);
  expect(main).toContain('role="progressbar"'); // the campaign's thermometer, with its figures
  expect(main).toContain("$500,000");
  // Staff Picks (the demo's featured page links these four, in this order), then the newest others.
  const picks = main.slice(main.indexOf("Staff picks"), main.indexOf("New arrivals"));
  expect([...picks.matchAll(/class="home-card-title">([^<]+)</g)].map((m) => m[1])).toEqual([
    "Creation Answers Study Bible",
    "Six Days",
    "Ark Encounter Hoodie",
    "Dinosaurs of Eden",
  ]);
  expect(main).toContain("Family Worship Guide"); // the newest product, under New arrivals
  expect(main).toContain('href="/store/#category=books"');
  expect(main).toContain('href="/store/magazine/"');
});

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, isMobile: size.isMobile });

    test(`spec 26.2: hero with story, Donate and thermometer; products in square image slots; categories (${size.name})`, async ({
      page,
    }) => {
      await page.goto("/");
      const hero = page.locator(".hero");
      await expect(hero.getByRole("heading", { level: 1 })).toHaveText(
        "Help bring the Flood’s story to a new generation",
      );
      await expect(hero.getByRole("img", { name: /The Ark resting on a hill/ })).toBeVisible();
      await expect(hero.getByRole("progressbar")).toBeVisible();
      const donate = hero.getByRole("link", { name: "Donate" });
      await expect(donate).toBeInViewport(); // the ask is above the fold
      await expect(donate).toHaveAttribute("href", "/donate/");

      const picks = page.getByRole("region", { name: "Staff picks" });
      await expect(picks.getByRole("listitem")).toHaveCount(4);
      const slot = await picks.locator(".image-slot").first().boundingBox();
      expect(Math.abs(slot!.width - slot!.height)).toBeLessThanOrEqual(1);
      await expect(picks.getByRole("listitem").first()).toContainText("From $49.99");
      await expect(page.getByRole("region", { name: "New arrivals" }).getByRole("listitem")).toHaveCount(4);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
      const categories = page.getByRole("region", { name: "Shop by category" });
      await categories.getByRole("link", { name: /^Books \d+ products$/ }).click();
      await expect(page).toHaveURL(/\/store\/#category=books$/);
    });

    test(`spec 26.2: the page does not shift as it loads, the giveaway counter included: CLS ≤ 0.05 (${size.name})`, async ({
      page,
    }) => {
      await page.goto("/");
      await page.waitForLoadState("networkidle");
      await expect(page.locator(".entries-counter")).toHaveText(/\d+ entr/); // the giveaway's counter has come
      await page.waitForTimeout(1000);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
    });
  });
}
