import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { logInByApi } from "./support/staff-login";

// Spec 26.1: every list card, quick view, product page, cart line and mini-cart line shows the
// product's picture (a generated cover, or an image staff uploaded), loaded, with width and height
// set so nothing moves while it loads. Screenshots go to /tmp/shots-images/ to be looked at.

const SHOTS = "/tmp/shots-images";
const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 900 } },
] as const;

/** The image is in view, has width and height attributes, and has loaded (naturalWidth > 0). */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute("width", /^\d+$/);
  await expect(image).toHaveAttribute("height", /^\d+$/);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
    .toBe(true);
}

async function expectCardsLoaded(page: Page) {
  const images = page.locator(".product-grid .product-card img");
  const count = await images.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) await expectLoaded(images.nth(i));
  // Cards below the fold wait until they are scrolled to; the first row does not.
  await expect(images.first()).toHaveAttribute("loading", "eager");
  await expect(images.nth(count - 1)).toHaveAttribute("loading", "lazy");
}

for (const { name, viewport } of SIZES) {
  test.describe(`spec 26.1: product images on a ${name}`, () => {
    test.use({ viewport });

    test("the list, quick view, product page, cart and mini cart each show a loaded image", async ({ page }) => {
      mkdirSync(SHOTS, { recursive: true });
      await page.goto("/store/");
      await expect(page.locator(".product-grid .product-card").first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/list-${name}.png` });
      await expectCardsLoaded(page);

      await page
        .getByRole("button", { name: /^Quick view of / })
        .first()
        .click();
      await expectLoaded(page.locator(".quick-view img"));

      await page.goto("/store/products/1/");
      const picture = page.locator(".product-page-image");
      await expectLoaded(picture);
      await expect(picture).toHaveAttribute("alt", "The New Answers Book 2");
      await page.screenshot({ path: `${SHOTS}/product-${name}.png` });

      // Added through the API in this browser's cookies: the cart's own journeys are tested elsewhere.
      const added = await page.request.get("/api/store/shop/add-to-cart/?10-1-201=1");
      expect(added.ok()).toBe(true);
      await page.goto("/store/cart/");
      await expectLoaded(page.locator(".cart-line-image").first());
      await page.screenshot({ path: `${SHOTS}/cart-${name}.png` });

      await page.getByRole("button", { name: /^Cart/ }).click();
      await expectLoaded(page.locator(".mini-cart-image").first());
    });
  });
}

test.describe("spec 26.1: staff upload a product image", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("an uploaded image replaces the cover with its widths as srcset; a non-image is refused", async ({ page }) => {
    await logInByApi(page);
    await page.goto("/admin/store/product/2/");
    const panel = page.getByRole("region", { name: "Images" });
    await panel.getByLabel("Image file").setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("this is not a picture"),
    });
    await panel.getByRole("button", { name: "Upload image" }).click();
    await expect(panel.getByRole("alert")).toHaveText(/This file is not an image we can use\./);

    const photo = await sharp({ create: { width: 1000, height: 1300, channels: 3, background: "#2e4a62" } })
      .jpeg()
      .toBuffer();
    await panel.getByLabel("Image file").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
    await panel.getByLabel("Alt text").fill("A blue photo");
    await panel.getByRole("button", { name: "Upload image" }).click();
    await expect(panel.getByRole("status")).toHaveText("The image has been added.");
    await expect(panel.getByRole("img", { name: "A blue photo" })).toBeVisible();
    await panel.screenshot({ path: `${SHOTS}/admin-images-panel.png` });
    const axe = await new AxeBuilder({ page }).include(".product-images").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

    await page.goto("/store/products/2/");
    const picture = page.locator(".product-page-image");
    await expectLoaded(picture);
    await expect(picture).toHaveAttribute("alt", "A blue photo");
    await expect(picture).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}-960\.webp$/);
    const srcset = (await picture.getAttribute("srcset")) ?? "";
    expect(srcset.split(", ").map((s) => s.split(" ")[1])).toEqual(["160w", "320w", "640w", "960w"]);
    await expect(picture).toHaveAttribute("sizes", /480px/);
  });
});
