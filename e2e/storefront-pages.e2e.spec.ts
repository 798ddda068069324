import { expect, test } from "@playwright/test";

// Server rendering (DESIGN §11): the HTML carries the page, its head and its status; the browser hydrates it.

test("a public page arrives rendered, with its head tags, and hydrates without a CSP violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") violations.push(m.text());
  });
  const res = await page.request.get("/donate/", { headers: { Accept: "text/html" } });
  const html = await res.text();
  expect(res.status()).toBe(200);
  expect(html).toContain("<title>Donate | Ark &amp; Answers Store</title>");
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/donate\/" \/>/);
  expect(html).toContain('<meta property="og:title"');
  expect(html).toContain("<h1>Donate</h1>"); // rendered on the server, not by the browser

  await page.goto("/donate/");
  // Hydrated: the form reacts (the total follows a preset amount).
  await page.getByRole("group", { name: "Where it is needed most" }).getByRole("button", { name: "$50" }).click();
  await expect(page.getByText("Total: $50.00")).toBeVisible();
  expect(violations.filter((v) => /Content Security Policy|Hydration|hydrat/i.test(v))).toEqual([]);
});

test("every kind of public page hydrates what the server rendered: no mismatch, the server's markup kept", async ({
  page,
}) => {
  // React's production build names a hydration mismatch only by its number (418, 425: text; 423: recovery).
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const pages = [
    ["/store/products/1/", "main h1"],
    ["/store/", "main h1"],
    ["/about/", "main h1"],
    ["/store/cart/", "main h1"],
    ["/store/alphabet-order/", "main h1"], // a lazy page
    ["/newsletters/", "main h1"], // a lazy page of its own feature
  ];
  for (const [path, selector] of pages) {
    await page.request.get(path, { headers: { Accept: "text/html" } }); // the server has loaded every chunk
    await page.goto(path, { waitUntil: "commit" });
    const serverHeading = await page.locator(selector).first().elementHandle(); // as it arrived
    await page.waitForLoadState("networkidle"); // the app has loaded and hydrated
    expect(await serverHeading!.evaluate((node) => node.isConnected), path).toBe(true);
  }
  expect(errors.filter((e) => /Hydration|hydrat|Minified React error #4(18|19|21|22|23|25)/i.test(e))).toEqual([]);
});

test("an unknown path answers 404 with the not-found page, not the shell with 200", async ({ page }) => {
  const res = await page.goto("/no/such/page/anywhere/");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
});

test("the storefront and the back office link the site's icon, and it is served", async ({ page }) => {
  for (const path of ["/donate/", "/admin/"]) {
    const html = await (await page.request.get(path, { headers: { Accept: "text/html" } })).text();
    expect(html, path).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
  }
  const icon = await page.request.get("/favicon.svg");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});

test("a content page keeps its body and title when rendered on the server", async ({ page }) => {
  const res = await page.request.get("/about/", { headers: { Accept: "text/html" } });
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain("<title>About Us | Ark &amp; Answers</title>");
  await page.goto("/about/");
  await expect(page.locator("cite.scripture")).toHaveText("Genesis 1:1 (NKJV)");
});

test("the wishlist sends an anonymous visitor to sign in first, and back after", async ({ page }) => {
  const res = await page.request.get("/account/wishlist/?add=10-1-100", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/account/login/?next=%2Faccount%2Fwishlist%2F%3Fadd%3D10-1-100");
  await page.goto("/account/wishlist/?add=10-1-100");
  await page.getByLabel("Email").fill("demo@example.org");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signing in hashes the password (argon2id): on a loaded machine that alone can take seconds.
  await expect(page).toHaveURL(/\/account\/wishlist\//, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Your Wishlist" })).toBeVisible();
  // The page asked to keep the item (this one is not in the catalog), then dropped ?add= from the address.
  await expect(page).toHaveURL(/\/account\/wishlist\/$/);
});

test("a click made before the page has hydrated is played back once it has; a second tap counts once", async ({
  page,
}) => {
  // A lazy page, as a slow phone sees it: rendered by the server, its scripts not yet arrived.
  await page.request.get("/store/alphabet-order/", { headers: { Accept: "text/html" } }); // the server loads its chunk
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/store/alphabet-order/", { waitUntil: "commit" });
  const rowA = page.getByRole("button", { name: /^A 4 supplies/ });
  await expect(rowA).toHaveAttribute("aria-expanded", "false");

  await page.getByRole("button", { name: "Add to Cart" }).click(); // a submit the app alone handles
  await rowA.click();
  await rowA.click(); // the impatient second tap: kept once, so the row ends open
  await expect(rowA).toHaveAttribute("aria-expanded", "false");
  await expect(page).toHaveURL(/\/store\/alphabet-order\/$/); // the form was not submitted to the server

  releaseScripts();
  await expect(page.getByRole("alert").filter({ hasText: "At least one field must be filled out." })).toBeVisible();
  await expect(rowA).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Quantity of Activity Sheets (pack of 25)")).toBeVisible();
});
