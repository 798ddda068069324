import { expect, type Page, test } from "@playwright/test";
import { createNode, freshUrl } from "./support/nodes";
import { logInByApi } from "./support/staff-login";

// Issue #27 point 2 (storefront §197, back-office §4 and §8): an HTML5 player that cannot play falls back
// to the video site's embed its media names, else says it cannot be played (the old 'download Flash'
// message, reworded). The media urls are made to fail with page.route; the video sites are stubbed.

const UNPLAYABLE = "This media file cannot be played in your browser.";

/** The CSP violations the page reports (a fallback frame the policy refused would show here). */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

test("spec 2: a player whose media fails falls back to its YouTube or Vimeo embed, else shows the message", async ({
  page,
}) => {
  await logInByApi(page);
  const node = await createNode(page, {
    name: "Media Fallback",
    url: freshUrl("media-fallback"),
    body: [
      '<p>Tour:</p><video controls preload="metadata" src="/media/e2e-fails-tour.mp4" title="Tour film" width="560" height="315">',
      '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Watch the tour on YouTube</a></video>',
      '<p>Talk:</p><audio controls preload="metadata" title="Talk"><source src="/media/e2e-fails-talk.mp3" type="audio/mpeg">',
      '<a href="https://vimeo.com/76979871">The talk on Vimeo</a></audio>',
      '<p>Lecture:</p>{% embed_media type="item" url="/media/e2e-fails-lecture.mp4" title="Lecture" %}',
    ].join(""),
  });
  const failed: string[] = [];
  await page.route("**/media/e2e-fails-*", async (route) => {
    const path = new URL(route.request().url()).pathname;
    failed.push(path);
    // The talk fails late, after the player mounted (its error event); the others before (the state it mounts on).
    if (path.endsWith("talk.mp3")) await new Promise((done) => setTimeout(done, 1500));
    await route.abort("failed");
  });
  await page.route("https://www.youtube-nocookie.com/embed/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>YouTube</title><p>YouTube player</p>" }),
  );
  await page.route("https://player.vimeo.com/video/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Vimeo</title><p>Vimeo player</p>" }),
  );
  const violations = await recordViolations(page);

  await page.goto(node.url);
  const body = page.locator(".content-body");
  // The <video src> fails (the element's error): its fallback link names a YouTube video.
  const youtube = body.locator('iframe[title="Tour film"]');
  await expect(youtube).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  await expect(youtube).toHaveAttribute("width", "560");
  await expect(page.frameLocator('iframe[title="Tour film"]').getByText("YouTube player")).toBeVisible();
  // The <source> fails (its own error event): a Vimeo link.
  const vimeo = body.locator('iframe[title="Talk"]');
  await expect(vimeo).toHaveAttribute("src", "https://player.vimeo.com/video/76979871");
  await expect(page.frameLocator('iframe[title="Talk"]').getByText("Vimeo player")).toBeVisible();
  // embed_media's media item names no video site: the message, with its download link kept.
  const message = body.getByRole("status");
  await expect(message).toHaveText(new RegExp(`^${UNPLAYABLE}`));
  await expect(message.getByRole("link", { name: "Download Lecture" })).toHaveAttribute(
    "href",
    "/media/e2e-fails-lecture.mp4",
  );
  await expect(body.locator("video, audio")).toHaveCount(0);
  expect(failed.sort()).toEqual([
    "/media/e2e-fails-lecture.mp4",
    "/media/e2e-fails-talk.mp3",
    "/media/e2e-fails-tour.mp4",
  ]);
  expect(await violations()).toEqual([]);
});

test("spec 2: a player that can play keeps its HTML5 element, even when it names a video site", async ({ page }) => {
  await logInByApi(page);
  const node = await createNode(page, {
    name: "Media Plays",
    url: freshUrl("media-plays"),
    body: '<audio controls preload="metadata" src="/widgets-demo/chime.wav" title="Bell"><a href="https://youtu.be/dQw4w9WgXcQ">On YouTube</a></audio>',
  });
  await page.goto(node.url);
  const audio = page.locator(".content-body audio");
  // Its metadata loaded: no error can follow for this file, so nothing falls back.
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
  await expect(page.locator(".content-body iframe, .content-body [role=status]")).toHaveCount(0);
  await expect(audio).toHaveCount(1);
});

test("spec 3: the player waits on its media element's events, not a poll: with the page's timers stopped past 30 × 500 ms, a late failure still falls back", async ({
  page,
}) => {
  await logInByApi(page);
  const node = await createNode(page, {
    name: "Media Events",
    url: freshUrl("media-events"),
    body: '<video controls preload="metadata" title="Late" src="/media/e2e-late.mp4"><a href="https://youtu.be/dQw4w9WgXcQ">On YouTube</a></video>',
  });
  let fail: () => void = () => undefined;
  const failing = new Promise<void>((done) => (fail = done));
  await page.route("**/media/e2e-late.mp4", async (route) => {
    await failing;
    await route.abort("failed");
  });
  await page.route("https://www.youtube-nocookie.com/embed/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>YouTube</title><p>YouTube player</p>" }),
  );
  await page.clock.install();
  await page.goto(node.url);
  await expect(page.locator(".content-body video")).toHaveCount(1);
  // BO-175's poll would have given up after 30 tries of 500 ms; then the clock stops for good.
  await page.clock.runFor(20_000);
  await page.clock.pauseAt(Date.now() + 60_000);
  fail();
  await expect(page.locator('.content-body iframe[title="Late"]')).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  );
});
