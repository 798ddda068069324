import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const PAGE = "/api/content/page/?url=";

describe.each(testBackends())("public content pages on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let visitor: TestClient;
  let staff: TestClient;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { demoData: true });
    visitor = new TestClient(server.url);
    ({ client: staff } = await signedInClient(server, "edna@example.org", "Edna Editor"));
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("a Live page answers its title, breadcrumbs, children, previous/next and the body with tags expanded", async () => {
    const res = await visitor.get(`${PAGE}/about/`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      metadata: { success: true },
      page: {
        id: 2,
        title: "About Us",
        url: "/about/",
        short_description: "",
        status: "Live",
        preview: false,
        body_html: expect.any(String),
        breadcrumbs: [
          { title: "Home", url: "/" },
          { title: "About Us", url: "/about/" },
        ],
        children: [
          { title: "Our History", url: "/about/history/" },
          { title: "Our Mission", url: "/about/mission/" },
        ],
        previous: null,
        next: { title: "Donate", url: "/donate/" },
        toc: [],
        section: {
          title: "About Us",
          url: "/about/",
          links: [
            { title: "Our History", url: "/about/history/", current: false },
            { title: "Our Mission", url: "/about/mission/", current: false },
          ],
        },
        dig_deeper: [
          { title: "Our History", url: "/about/history/", summary: "" },
          { title: "Our Mission", url: "/about/mission/", summary: "What we believe and what we do." },
        ],
        related: [
          { title: "Our History", url: "/about/history/" },
          { title: "Our Mission", url: "/about/mission/" },
        ],
        // A short page: no ad placements (docs/storefront-pages.md "Ads").
        ads: [],
      },
    });
    const html: string = res.json.page.body_html;
    expect(html).toContain('<sup class="footnote-ref" id="footnote-ref-1"><a href="#footnote-1">1</a></sup>');
    expect(html).toContain(
      '<cite class="scripture" data-reference="Genesis 1:1" data-translation="NKJV">Genesis 1:1 (NKJV)</cite>',
    );
    expect(html).toContain('<a href="/about/mission/">our mission</a>');
    expect(html).toContain(
      '<ol class="footnotes"><li id="footnote-1">Sixty-six books, Genesis to Revelation. <a href="#footnote-ref-1" class="footnote-back">↩</a></li></ol>',
    );
    expect(html).not.toContain("Staff note");
    expect(html).not.toContain("{%");
  });

  it("restricted content shows to its audience: staff see the staff note", async () => {
    expect((await staff.get(`${PAGE}/about/`)).json.page.body_html).toContain(
      "Staff note: update the board list in spring.",
    );
  });

  it("a leaf page answers its section (siblings, itself current), previous/next and a table of contents of its headings", async () => {
    const res = await visitor.get(`${PAGE}/about/mission/`);
    expect(res.status).toBe(200);
    expect(res.json.page).toMatchObject({
      breadcrumbs: [
        { title: "Home", url: "/" },
        { title: "About Us", url: "/about/" },
        { title: "Our Mission", url: "/about/mission/" },
      ],
      children: [],
      previous: { title: "Our History", url: "/about/history/" },
      next: null,
      toc: [
        { id: "what-we-believe", title: "What we believe", level: 2 },
        { id: "creation-the-flood", title: "Creation & the Flood", level: 3 },
        { id: "what-we-do", title: "What we do", level: 2 },
      ],
      section: {
        title: "About Us",
        url: "/about/",
        links: [
          { title: "Our History", url: "/about/history/", current: false },
          { title: "Our Mission", url: "/about/mission/", current: true },
        ],
      },
      dig_deeper: [],
      related: [
        { title: "About Us", url: "/about/" },
        { title: "Our History", url: "/about/history/" },
      ],
    });
    const html: string = res.json.page.body_html;
    expect(html).toContain('<h2 id="what-we-believe">What we believe</h2>');
    expect(html).toContain('<h3 id="creation-the-flood">Creation &amp; the Flood</h3>');
  });

  it("spec 9: a page of more than 1,400 words gets a magazine ad at a third and one of ours at two thirds", async () => {
    const res = await visitor.get(`${PAGE}/visitor-guide/the-ark-in-depth/`);
    expect(res.status).toBe(200);
    const ads = res.json.page.ads as Array<Record<string, unknown>>;
    // 24 paragraphs: after the 8th and the 16th, each a different active demo ad (the hidden one never).
    expect(ads.map((ad) => ad.after_paragraph)).toEqual([8, 16]);
    for (const ad of ads) {
      expect(Object.keys(ad).sort()).toEqual(["after_paragraph", "alt_text", "image_url", "link_url", "title"]);
      expect(ad.image_url).toMatch(/^\/ads\/ad-[123]\.svg$/);
    }
    expect(new Set(ads.map((ad) => ad.title)).size).toBe(2);
    // The demo's one magazine ad is always among the 3 active ones picked.
    expect(ads[0].title).toBe("Answers Magazine");
    expect(ads[1].title).not.toBe("Answers Magazine");
  });

  it("staff previews show the body without ads", async () => {
    const res = await staff.get(`${PAGE}/visitor-guide/the-ark-in-depth/&preview=1`);
    expect(res.json.page.preview).toBe(true);
    expect(res.json.page.ads).toEqual([]);
  });

  it("the home page lists Live children and its translations", async () => {
    const html: string = (await visitor.get(`${PAGE}/`)).json.page.body_html;
    expect(html).toContain(
      '<ul class="related-contentnodes related-child"><li><a href="/about/">About Us</a></li><li><a href="/donate/">Donate</a></li><li><a href="/store/featured/">Staff Picks</a></li><li><a href="/visitor-guide/">Visitor Guide</a></li></ul>',
    );
    expect(html).toContain('<ul class="translations"><li><a href="/?lang=es" hreflang="es">Inicio</a></li></ul>');
  });

  it("sibling and parent tags link the Live relatives", async () => {
    expect((await visitor.get(`${PAGE}/about/history/`)).json.page.body_html).toContain(
      '<ul class="related-contentnodes related-sibling"><li><a href="/about/mission/">Our Mission</a></li></ul>',
    );
    expect((await visitor.get(`${PAGE}about/mission`)).json.page.body_html).toContain(
      '<ul class="related-contentnodes related-parents"><li><a href="/">Home</a></li><li><a href="/about/">About Us</a></li></ul>',
    );
  });

  it("an unknown or non-Live url is 404 for visitors; staff may preview it", async () => {
    for (const url of ["/nowhere/", "/visit/"]) {
      const res = await visitor.get(`${PAGE}${url}`);
      expect(res.status).toBe(404);
      expect(res.json.metadata).toEqual({
        success: false,
        code: "PAGE_NOT_FOUND",
        message: "Page not found.",
        errors: ["__all__: Page not found."],
      });
    }
    expect((await visitor.get(`${PAGE}/visit/&preview=1`)).status).toBe(404);
    expect((await staff.get(`${PAGE}/visit/`)).status).toBe(404);
    const preview = await staff.get(`${PAGE}/visit/&preview=1`);
    expect(preview.status).toBe(200);
    expect(preview.json.page).toMatchObject({ title: "Visit the Ark", status: "Beta", preview: true });
    expect(preview.json.page.body_html).toContain(
      '<video class="embed-media" controls preload="metadata" src="/media/ark-encounter-tour.mp4" title="Ark Encounter Tour"></video>',
    );
    expect(preview.json.page.body_html).not.toContain("Sign in"); // anonymous-only text
  });

  it("while changes are pending visitors keep seeing the published page; staff preview the edit", async () => {
    const edit = await staff.request("PUT", "/admin/api/content/contentnode/5/", {
      name: "Give",
      body: '<p>New text <script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">x</a></p>',
    });
    expect(edit.json.status).toBe("Changes Pending");
    const seen = (await visitor.get(`${PAGE}/donate/`)).json.page;
    expect(seen).toMatchObject({ title: "Donate", status: "Changes Pending", body_html: "<p>Help build the Ark.</p>" });
    const preview = (await staff.get(`${PAGE}/donate/&preview=1`)).json.page;
    expect(preview).toMatchObject({ title: "Give", body_html: "<p>New text <a>x</a></p>" });
  });

  it("the url parameter is required", async () => {
    const res = await visitor.get("/api/content/page/");
    expect(res.status).toBe(400);
    expect(res.json.metadata.errors).toEqual(["url: This field is required."]);
  });
});
