import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";

// Issue 10: the colouring page (storefront §2, §9: a 576x744 canvas with colour and brush-size palettes).

const canvas = (page: Page) => page.getByRole("img", { name: "Colouring canvas" });

/** The colour of a canvas pixel, as "r,g,b". */
const pixel = (page: Page, x: number, y: number) =>
  page.evaluate(
    ([px, py]) => {
      const c = document.querySelector<HTMLCanvasElement>('canvas[aria-label="Colouring canvas"]')!;
      const [r, g, b] = c.getContext("2d")!.getImageData(px, py, 1, 1).data;
      return `${r},${g},${b}`;
    },
    [x, y],
  );

/** Drags across the canvas from one canvas pixel to another (the canvas may be drawn smaller). */
async function drag(page: Page, from: [number, number], to: [number, number]) {
  const box = (await canvas(page).boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + (x * box.width) / 576, box.y + (y * box.height) / 744] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at(to), { steps: 8 });
  await page.mouse.up();
}

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 1500 } }); // the whole 744 px canvas on screen, below the header

  test("colouring: a stroke paints in the chosen colour, Undo takes it back, Download saves a 576x744 PNG", async ({
    page,
  }) => {
    await page.goto("/kids/coloring-page/");
    await expect(page.getByRole("heading", { name: "Colouring page" })).toBeVisible();
    expect(await canvas(page).evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([576, 744]);
    // The page paints the canvas white once its script runs: until then there is nothing to draw with.
    await expect.poll(() => pixel(page, 300, 200)).toBe("255,255,255");

    await page.getByRole("radio", { name: "Blue", exact: true }).check();
    await page.getByRole("radio", { name: "Huge" }).check();
    await drag(page, [250, 200], [350, 200]);
    expect(await pixel(page, 300, 200)).toBe("21,101,192"); // #1565c0

    await page.getByRole("button", { name: "Undo" }).click();
    expect(await pixel(page, 300, 200)).toBe("255,255,255");
    await expect(page.getByRole("button", { name: "Undo" })).toBeDisabled();

    await drag(page, [250, 200], [350, 200]);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("coloring-page.png");
    const png = await readFile((await download.path())!);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([576, 744]); // IHDR width and height

    await page.getByRole("button", { name: "Clear" }).click();
    expect(await pixel(page, 300, 200)).toBe("255,255,255");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("colouring: a finger draws on the canvas, which fits the screen", async ({ page }) => {
    await page.goto("/kids/coloring-page/");
    await expect.poll(() => pixel(page, 288, 186)).toBe("255,255,255"); // the script has run
    await page.getByRole("radio", { name: "Red" }).check();
    await page.getByRole("radio", { name: "Huge" }).check();
    await canvas(page).scrollIntoViewIfNeeded();
    const box = (await canvas(page).boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(375);
    expect(box.height / box.width).toBeCloseTo(744 / 576, 1);
    // A finger's tap: touch events, which the browser turns into touch pointer events; a tap leaves a dot.
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 4);
    expect(await pixel(page, 288, 186)).toBe("211,47,47"); // #d32f2f
    await page.screenshot({ path: "test-results/phone-colouring.png", fullPage: true });
  });
});
