import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { logInByApi } from "./support/staff-login";

// The storefront widgets (docs/widgets.md) on the demo's Visitor Guide page, whose body holds each one's markup.

const GUIDE = "/visitor-guide/";

/** An axe violation with the elements it found, so a failure says where. */
const described = (v: { id: string; nodes: Array<{ target: unknown }> }) =>
  `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`;

/** The page is rendered on the server as plain markup; the widgets mount once their code has loaded. */
async function openGuide(page: Page) {
  await page.goto(GUIDE);
  await expect(page.getByRole("tab", { name: "Hours" })).toBeVisible();
  await expect(page.locator('a[data-widget="overlay"][aria-haspopup="dialog"]')).toHaveCount(7);
  await expect(page.getByRole("button", { name: "Hear the bell" })).toBeVisible();
}

test("overlay: a rel set of images with prev/next and dots; Close, the backdrop and Escape close it, and focus returns", async ({
  page,
}) => {
  await openGuide(page);
  const dawn = page.getByRole("link", { name: "Dawn" });
  await dawn.click();
  const dialog = page.getByRole("dialog", { name: "The Ark at dawn" });
  await expect(dialog.getByRole("img", { name: "The Ark at dawn" })).toBeVisible();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("dialog", { name: "The Ark at noon" })).toBeVisible();
  await page.getByRole("button", { name: "3 of 3: The Ark at dusk" }).click();
  await expect(page.getByRole("dialog", { name: "The Ark at dusk" })).toBeVisible();
  await expect(page.getByRole("button", { name: "3 of 3: The Ark at dusk" })).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("ArrowRight"); // wraps to the first
  await expect(page.getByRole("dialog", { name: "The Ark at dawn" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(dawn).toBeFocused();

  // By keyboard: Enter opens, Tab stays inside, Escape closes and the focus returns to the link.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "The Ark at dawn" })).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(dawn).toBeFocused();

  await page.getByRole("link", { name: "Noon" }).click();
  await expect(page.getByRole("dialog", { name: "The Ark at noon" })).toBeVisible();
  await page.mouse.click(5, 5); // the backdrop
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("overlay: an element of the page, inline html, a same-domain page and a cross-domain frame", async ({ page }) => {
  await page.route("https://maps.example.org/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Map</title><p>Map of the grounds</p>" }),
  );
  await openGuide(page);
  const hours = page.getByText("Open daily from 9 am to 6 pm.");
  await expect(hours).toBeHidden(); // shown in the overlay only
  await page.getByRole("link", { name: "Opening hours" }).click();
  await expect(page.getByRole("dialog").getByText("Open daily from 9 am to 6 pm.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(hours).toBeHidden();

  await page.getByRole("link", { name: "Ticket help" }).click();
  await expect(page.getByRole("dialog", { name: "Tickets" }).getByText("A ticket is valid all day.")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: "Why we built it" }).click();
  await expect(page.getByRole("dialog", { name: "Our Mission" })).toContainText(
    "Upholding the authority of the Bible.",
  );
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: "Map" }).click();
  const frame = page.getByRole("dialog", { name: "Map" }).locator("iframe");
  await expect(frame).toHaveAttribute("src", "https://maps.example.org/embed/ark");
  await expect(frame).toHaveAttribute("sandbox", /allow-scripts/);
  await expect(page.frameLocator(".widget-overlay iframe").getByText("Map of the grounds")).toBeVisible();
});

test("spec 27.9: an overlay with no content, or a second one while one is open, is logged only", async ({ page }) => {
  const logged: string[] = [];
  page.on("console", (m) => logged.push(m.text()));
  await logInByApi(page);
  const body = '<p><a data-widget="overlay" href="#nowhere">Nothing here</a></p>';
  const node = await createNode(page, { name: "Empty Overlay", url: freshUrl("empty-overlay"), body });
  await page.goto(node.url);
  await expect.poll(() => logged.filter((t) => t.startsWith("overlay: the link points at nothing"))).toHaveLength(1);
  const empty = page.getByRole("link", { name: "Nothing here" });
  await expect(empty).not.toHaveAttribute("aria-haspopup", "dialog");

  await openGuide(page);
  await page.getByRole("link", { name: "Opening hours" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(1);
  // A script (or a stray click through) asks for another overlay while this one is open.
  await page.evaluate(() => document.querySelectorAll<HTMLElement>('a[data-widget="overlay"]')[1]?.click());
  await expect.poll(() => logged.filter((t) => t.startsWith("overlay: one is already open"))).toHaveLength(1);
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("link", { name: "Opening hours" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(1); // closing frees the overlay for the next one
});

test("the panel slider enlarges a thumbnail and pages 4 at a time; the scroll slider moves by buttons and by a quick swipe", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" }); // no rotation: this test is about the visitor's own moves
  await openGuide(page);
  const pictures = page.getByRole("region", { name: "Pictures" });
  await expect(pictures.getByRole("button", { name: /^Show / })).toHaveCount(4);
  await expect(pictures.getByRole("figure").getByRole("img")).toHaveAttribute("alt", "Deck 1 at dawn");
  await pictures.getByRole("button", { name: "Show Deck 3 at dusk" }).click();
  await expect(pictures.getByRole("figure").getByRole("img")).toHaveAttribute("alt", "Deck 3 at dusk");
  await expect(pictures.getByRole("button", { name: "Show Deck 3 at dusk" })).toHaveAttribute("aria-pressed", "true");
  await pictures.getByRole("button", { name: "Next pictures" }).click();
  await expect(pictures.getByText("Pictures 5–6 of 6")).toBeVisible();
  await pictures.getByRole("button", { name: "Show Deck 6 at dusk" }).click();
  await expect(pictures.getByRole("figure")).toContainText("Deck 6 at dusk (6 of 6)");

  const slider = page.getByRole("region", { name: "Slider" });
  const pages = slider.getByText(/^Page \d+ of \d+$/);
  await expect(pages).toHaveText(/^Page 1 of [2-9]$/);
  await slider.getByRole("button", { name: "Next" }).click();
  await expect(pages).toHaveText(/^Page 2 of /);
  await page.waitForTimeout(100); // the double-click guard: without a slide to wait for, a click within 100 ms is ignored
  await slider.getByRole("button", { name: "Previous" }).click();
  await expect(pages).toHaveText(/^Page 1 of /);
  await expect(slider.getByRole("button", { name: "Previous" })).toBeDisabled();
  // A quick touch (well under 550 ms) 100 px to the left shows the next page; a slow one back to the right does nothing.
  // The events are dispatched in the page, so a loaded machine cannot stretch the quick one.
  const swipe = (holdMs: number, dx: number) =>
    slider.locator(".widget-scroll-viewport").evaluate(
      async (el, [hold, move]) => {
        const r = el.getBoundingClientRect();
        const at = (x: number) => ({
          bubbles: true,
          clientX: r.left + x,
          clientY: r.top + r.height / 2,
          pointerType: "touch",
        });
        el.dispatchEvent(new PointerEvent("pointerdown", at(200)));
        await new Promise((done) => setTimeout(done, hold));
        el.dispatchEvent(new PointerEvent("pointerup", at(200 + move)));
      },
      [holdMs, dx],
    );
  await swipe(0, -100);
  await expect(pages).toHaveText(/^Page 2 of /);
  await swipe(600, 100);
  await expect(pages).toHaveText(/^Page 2 of /);
});

test("the sliders move by themselves every 5,000 ms; after an interaction they wait 6,000 ms; Pause stops them", async ({
  page,
}) => {
  // Tall enough that both sliders are on screen from the start (off screen they do not rotate).
  await page.setViewportSize({ width: 390, height: 8000 });
  await page.clock.install({ time: new Date("2027-01-04T08:59:59Z") });
  await page.clock.pauseAt(new Date("2027-01-04T09:00:00Z"));
  await openGuide(page);
  const pictures = page.getByRole("region", { name: "Pictures" });
  const figure = pictures.getByRole("figure");
  const slider = page.getByRole("region", { name: "Slider" });
  const pages = slider.getByText(/^Page \d+ of \d+$/);
  await expect(figure).toContainText("Deck 1 at dawn (1 of 6)");
  await expect(pages).toHaveText("Page 1 of 4"); // phone-wide

  // Rotate delay: 5,000 ms, then the next picture / page.
  await page.clock.runFor(4900);
  await expect(figure).toContainText("(1 of 6)");
  await expect(pages).toHaveText(/^Page 1 of /);
  await page.clock.runFor(100);
  await expect(figure).toContainText("Deck 2 at noon (2 of 6)");
  await expect(pages).toHaveText(/^Page 2 of /);

  // Pause: a click on a thumbnail waits 6,000 ms (from the mouse leaving) before the next move.
  await pictures.getByRole("button", { name: "Show Deck 4 at dawn" }).click();
  await page.mouse.move(0, 0);
  await expect(figure).toContainText("(4 of 6)");
  await page.clock.runFor(5000);
  await expect(figure).toContainText("(4 of 6)");
  await expect(pages).toHaveText(/^Page 3 of /); // the untouched slider went on
  await page.clock.runFor(1000);
  await expect(figure).toContainText("Deck 5 at noon (5 of 6)");
  await expect(pictures.getByText("Pictures 5–6 of 6")).toBeVisible(); // the thumbnails follow

  // A quick swipe on the scroll slider is an interaction too.
  await slider.locator(".widget-scroll-viewport").evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = (x: number) => ({
      bubbles: true,
      clientX: r.left + x,
      clientY: r.top + r.height / 2,
      pointerType: "touch",
    });
    el.dispatchEvent(new PointerEvent("pointerdown", at(200)));
    el.dispatchEvent(new PointerEvent("pointerup", at(100)));
  });
  await expect(pages).toHaveText(/^Page 4 of /);
  await page.clock.runFor(5000);
  await expect(pages).toHaveText(/^Page 4 of /);
  await page.clock.runFor(1000);
  await expect(pages).toHaveText(/^Page 1 of /); // after the last page, the first again

  // Pause (WCAG 2.2.2) stops it for good; Play starts it again.
  await pictures.getByRole("button", { name: "Pause" }).click();
  await page.mouse.move(0, 0);
  const held = await figure.textContent();
  await page.clock.runFor(20_000);
  await expect(figure).toHaveText(held!);
  await pictures.getByRole("button", { name: "Play" }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(6000);
  await expect(figure).not.toHaveText(held!);
});

test("spec 14: a thermometer block asks campaign-status with render_template=true and shows the server's block", async ({
  page,
}) => {
  const asked = page.waitForRequest((r) => r.url().includes("/api/store/campaign-status/"));
  await page.goto(GUIDE);
  const url = new URL((await asked).url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    campaign: "ark-main",
    render_template: "true",
    template: "compact",
  });
  const block = page.locator('[data-widget="thermometer"] .thermometer-compact');
  await expect(block.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /raised of \$[\d,]+/);
  await expect(block).toContainText(" of $");
});

test("the issue viewer shows an issue's pages in the overlay, one at a time", async ({ page }) => {
  await openGuide(page);
  const link = page.getByRole("link", { name: "Read the spring issue" });
  await expect(page.getByRole("img", { name: "Contents" })).toBeHidden();
  await link.click();
  await expect(page.getByRole("dialog", { name: "Answers, Spring 2027, page 1 of 3" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: "Answers, Spring 2027, page 2 of 3" })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: "Answers, Spring 2027, page 3 of 3" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(link).toBeFocused();
});

test("tabs move with the arrow keys, Home and End; the stepper wraps around; the tooltip shows on focus and Escape hides it", async ({
  page,
}) => {
  await openGuide(page);
  const hours = page.getByRole("tab", { name: "Hours" });
  await expect(hours).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Hours" })).toContainText("9 am to 6 pm, every day.");
  await hours.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Prices" })).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Prices" })).toContainText("Adults $60");
  await page.keyboard.press("End");
  await expect(page.getByRole("tab", { name: "Parking" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowRight");
  await expect(hours).toBeFocused();
  await expect(page.getByText("Adults $60, children $30.")).toBeHidden();

  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  await page.getByRole("button", { name: "Previous step" }).click();
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  await expect(page.getByText("Take the shuttle to the Ark.")).toBeVisible();
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByText("Step 1 of 3")).toBeVisible();

  const ring = page.getByRole("progressbar", { name: "Raised for the playground" });
  await expect(ring).toHaveAttribute("aria-valuenow", "65");
  await expect(ring).toContainText("65%");

  const cubits = page.getByRole("button", { name: "cubits" });
  const tip = page.getByRole("tooltip");
  await expect(tip).toBeHidden();
  await cubits.focus();
  await expect(tip).toHaveText("A cubit is about 18 inches (46 cm).");
  await expect(cubits).toHaveAccessibleDescription("A cubit is about 18 inches (46 cm).");
  await page.keyboard.press("Escape");
  await expect(tip).toBeHidden();
});

test("the slideshow shows each slide 5,000 ms and loops; testimonials turn every 20 s; Pause stops the show", async ({
  page,
}) => {
  await page.clock.install({ time: new Date("2027-01-04T08:59:59Z") });
  // Paused before the page opens: the timers start when the widgets mount, and move only by runFor.
  await page.clock.pauseAt(new Date("2027-01-04T09:00:00Z"));
  await openGuide(page);
  const current = page.locator(".widget-slide.is-current img");
  await expect(current).toHaveAttribute("alt", "The Ark at dawn");
  await expect(page.locator(".widget-slide").first()).toHaveCSS("transition-duration", "1s");
  await page.clock.runFor(4900);
  await expect(current).toHaveAttribute("alt", "The Ark at dawn");
  await page.clock.runFor(100);
  await expect(current).toHaveAttribute("alt", "The Ark at noon");
  await page.clock.runFor(10_000);
  await expect(current).toHaveAttribute("alt", "The Ark at dawn"); // looped
  await expect(page.getByText("The best day our family had all year.")).toBeVisible();
  await page.clock.runFor(5000); // 20 s since the page opened
  await expect(page.getByText("Bigger than we ever imagined.")).toBeVisible();
  await expect(page.getByText("The best day our family had all year.")).toBeHidden();

  await page.getByRole("region", { name: "Slideshow" }).getByRole("button", { name: "Pause" }).click();
  await page.mouse.move(0, 0);
  const before = await current.getAttribute("alt");
  await page.clock.runFor(20_000);
  await expect(current).toHaveAttribute("alt", before!);
});

test("the countdown ticks each second and goes to its redirect at zero", async ({ page }) => {
  await page.clock.install({ time: new Date("2027-07-07T13:59:56Z") });
  await page.clock.pauseAt(new Date("2027-07-07T13:59:57Z"));
  await openGuide(page);
  const timer = page.getByRole("timer", { name: "Time left" });
  await expect(timer).toHaveText("00:00:03");
  await page.clock.runFor(1000);
  await expect(timer).toHaveText("00:00:02");
  await page.clock.runFor(2000);
  await expect(page).toHaveURL(/\/donate\/$/);
});

test("one player plays at a time; a clip stops at its end time", async ({ page }) => {
  await openGuide(page);
  const bell = page.getByRole("button", { name: "Hear the bell" });
  await bell.click();
  await expect(bell).toHaveAttribute("aria-pressed", "true");
  await page.evaluate(() => document.querySelectorAll<HTMLAudioElement>(".content-body audio")[1]!.play());
  await expect(bell).toHaveAttribute("aria-pressed", "false"); // the page's player paused the button's
  await page.evaluate(() => document.querySelectorAll<HTMLAudioElement>(".content-body audio")[0]!.play());
  expect(await page.evaluate(() => document.querySelectorAll<HTMLAudioElement>(".content-body audio")[1]!.paused)).toBe(
    true,
  );
  // data-start 0.2, data-end 0.6: it pauses at the end and goes back to its start.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const clip = document.querySelectorAll<HTMLAudioElement>(".content-body audio")[0]!;
        return clip.paused && Math.abs(clip.currentTime - 0.2) < 0.05;
      }),
    )
    .toBe(true);
});

test("phone-sized: an accordion opens one item at a time, a lone expander starts open; axe finds nothing", async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await openGuide(page);
  const food = page.locator("details", { hasText: "Can I bring food?" });
  const pets = page.locator("details", { hasText: "Are pets allowed?" });
  await expect(page.locator("details", { hasText: "Accessibility" })).toHaveAttribute("open", "");
  await expect(food).not.toHaveAttribute("open");
  await page.getByText("Can I bring food?").click();
  await expect(food).toHaveAttribute("open", "");
  await page.getByText("Are pets allowed?").click();
  await expect(pets).toHaveAttribute("open", "");
  await expect(food).not.toHaveAttribute("open");
  const axe = await new AxeBuilder({ page }).include(".content-body").analyze();
  expect(axe.violations.map(described)).toEqual([]);
  await phone.close();
});

test("wider than a phone the accordion shows every item open; axe finds nothing, also with the overlay open", async ({
  page,
}) => {
  await openGuide(page);
  const food = page.locator("details", { hasText: "Can I bring food?" });
  await expect(food).toHaveAttribute("open", "");
  await page.getByText("Can I bring food?").click();
  await expect(food).toHaveAttribute("open", "");
  expect((await new AxeBuilder({ page }).include(".content-body").analyze()).violations.map(described)).toEqual([]);
  await page.getByRole("link", { name: "Dawn" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect((await new AxeBuilder({ page }).include(".widget-overlay").analyze()).violations.map(described)).toEqual([]);
});

test("with reduced motion the slideshow and the sliders neither fade nor move by themselves", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 6000 }); // the sliders on screen
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await openGuide(page);
  const current = page.locator(".widget-slide.is-current img");
  const pictures = page.getByRole("region", { name: "Pictures" });
  const slider = page.getByRole("region", { name: "Slider" });
  await expect(page.locator(".widget-slide").first()).toHaveCSS("transition-duration", "0s");
  await page.clock.runFor(30_000);
  await expect(current).toHaveAttribute("alt", "The Ark at dawn");
  await expect(pictures.getByRole("figure")).toContainText("(1 of 6)");
  await expect(slider.getByText(/^Page \d+ of \d+$/)).toHaveText(/^Page 1 of /);
  await expect(pictures.getByRole("button", { name: /^(Pause|Play)$/ })).toHaveCount(0);
  await expect(slider.getByRole("button", { name: /^(Pause|Play)$/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Next slide" }).click();
  await expect(current).toHaveAttribute("alt", "The Ark at noon");
});

test("staff insert a widget's markup from the toolbox, and the saved page shows the widget", async ({ page }) => {
  await logInByApi(page);
  const node = await createNode(page, { name: "Widget Tool", url: freshUrl("widgets"), body: "<p>Intro</p>" });
  await page.goto(`/admin/content/contentnode/${node.id}/`);
  await expect(page.getByRole("button", { name: "Locked by Me" })).toBeVisible();
  const body = page.locator(".code-editor .cm-content").first();
  await body.click();
  await page.keyboard.press("Control+End");
  await page.getByRole("button", { name: "View Toolbox" }).click();
  const toolbox = page.getByRole("region", { name: "Toolbox" });
  await toolbox.getByText("Widgets", { exact: true }).click();
  await toolbox.getByLabel("Widget", { exact: true }).selectOption({ label: "Tabs" });
  await toolbox.getByRole("button", { name: "Insert widget" }).click();
  await expect(body).toContainText('<div data-widget="tabs"><section><h3>First tab</h3>');
  await toolbox.getByRole("button", { name: "Close toolbox" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  const saved = page.getByText("Your changes have been saved.");
  const warnings = page.getByRole("alertdialog");
  await expect(saved.or(warnings)).toBeVisible();
  if (await warnings.isVisible()) await warnings.getByRole("button", { name: "Continue (ignore warnings)" }).click();
  await expect(saved).toBeVisible();

  await page.goto(node.url); // staff see the Beta page as a preview
  await expect(page.getByRole("tab", { name: "First tab" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Second tab" }).click();
  await expect(page.getByRole("tabpanel", { name: "Second tab" })).toBeVisible();
});

test("while staff edit a page in place its widgets step aside, and come back when editing is cancelled", async ({
  page,
}) => {
  await logInByApi(page);
  const body =
    '<div data-widget="tabs"><section><h3>First tab</h3><p>One.</p></section><section><h3>Second tab</h3><p>Two.</p></section></div>';
  const node = await createNode(page, { name: "Widgets In Place", url: freshUrl("widgets-ipa"), body });
  await page.goto(node.url);
  await expect(page.getByRole("tab", { name: "First tab" })).toBeVisible();
  const bar = page.getByRole("region", { name: "Admin bar" });
  await expect(bar.getByTestId("admin-bar-lock")).toHaveText("Locked by Me");
  await bar.getByRole("button", { name: "Edit" }).click();
  await bar.getByRole("button", { name: "Edit this page" }).click();
  const source = page.getByRole("textbox", { name: "Edit body" });
  await expect(source).toContainText("First tab");
  await expect(page.getByRole("tab")).toHaveCount(0); // the source, not the widget
  await bar.getByRole("button", { name: "Edit" }).click();
  await bar.getByRole("button", { name: "Cancel editing" }).click();
  await expect(page.getByRole("tab", { name: "First tab" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab")).toHaveCount(2);
  await page.getByRole("tab", { name: "Second tab" }).click();
  await expect(page.getByRole("tabpanel", { name: "Second tab" })).toContainText("Two.");
});
