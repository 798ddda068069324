import { describe, expect, it } from "vitest";
import { menuNodeStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";

const spec = apiSpec(createApp);
const at = new Date().toISOString();

function menuNode(id: number, name: string, url: string, parentId: number | null, live = true): GivenEvent[] {
  const created: GivenEvent = {
    streamId: menuNodeStream(id),
    type: "MenuNodeCreated",
    data: { id, name, slug: name.toLowerCase(), parentId, url, createdAt: at },
  };
  const published: GivenEvent = {
    streamId: menuNodeStream(id),
    type: "MenuNodePublished",
    data: { id, publishedAt: at },
  };
  return live ? [created, published] : [created];
}

const tree = [
  ...menuNode(1, "Home", "/", null),
  ...menuNode(2, "About", "/about/", 1),
  ...menuNode(3, "Visit", "/visit/", 1),
  ...menuNode(4, "Our story", "/about/story/", 2),
  ...menuNode(5, "Draft page", "/about/draft/", 2, false),
  ...menuNode(6, "Tom & <Jerry>", "/about/t/", 2),
];

describe("GET /api/nav/get-menu-layer/ (storefront §7 navigation)", () => {
  it("answers metadata.success and results of {parent, child_html} for each parent asked", () =>
    spec
      .given(...tree)
      .when((http) => http.visitor().get("/api/nav/get-menu-layer/?parents=[0,2]&ts=123"))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        const body = response.json as {
          metadata: { success: boolean };
          results: { parent: number; child_html: string }[];
        };
        expect(body.metadata.success).toBe(true);
        expect(body.results.map((r) => r.parent)).toEqual([0, 2]);
        const [top, about] = body.results;
        expect(top!.child_html).toContain('<a href="/about/">About</a>');
        expect(top!.child_html).toContain('<a href="/visit/">Visit</a>');
        expect(top!.child_html).not.toContain("Home");
        expect(about!.child_html).toContain('<a href="/about/story/">Our story</a>');
      }));

  it("an item with Live children gets a submenu toggle; one without does not", () =>
    spec
      .given(...tree)
      .when((http) => http.visitor().get("/api/nav/get-menu-layer/?parents=[0]"))
      .then(({ response }) => {
        const html = (response.json as { results: { child_html: string }[] }).results[0]!.child_html;
        expect(html).toContain('data-menu-id="2"');
        expect(html).not.toContain('data-menu-id="3"');
      }));

  it("a menu node that is not Live is left out", () =>
    spec
      .given(...tree)
      .when((http) => http.visitor().get("/api/nav/get-menu-layer/?parents=[2]"))
      .then(({ response }) => {
        expect(JSON.stringify(response.json)).not.toContain("Draft page");
      }));

  it("menu names are escaped in child_html", () =>
    spec
      .given(...tree)
      .when((http) => http.visitor().get("/api/nav/get-menu-layer/?parents=[2]"))
      .then(({ response }) => {
        const html = (response.json as { results: { child_html: string }[] }).results[0]!.child_html;
        expect(html).toContain("Tom &amp; &lt;Jerry&gt;");
      }));

  it("parents that are not a JSON list of ids answer 400 with 'parents: ...'", () =>
    spec
      .given(...tree)
      .when((http) => http.visitor().get("/api/nav/get-menu-layer/?parents=about"))
      .then(({ response }) => {
        expect(response.status).toBe(400);
        expect(response.json).toMatchObject({
          metadata: { success: false, errors: ["parents: Enter a JSON list of menu ids."] },
        });
      }));
});

describe("GET /api/nav/get-region-and-languages/ and /api/nav/get-full-footer/", () => {
  it("the region panel presses United States by default", () =>
    spec
      .given()
      .when((http) => http.visitor().get("/api/nav/get-region-and-languages/"))
      .then(({ response }) => {
        const body = response.json as { metadata: { success: boolean }; html: string };
        expect(body.metadata.success).toBe(true);
        expect(body.html).toContain('data-home-country="United States" aria-pressed="true"');
      }));

  it("the region panel presses the home-country cookie's region, stored with plus signs for spaces", () =>
    spec
      .given()
      .when((http) => {
        const visitor = http.visitor();
        visitor.cookies.set("home_country", "United+Kingdom");
        return visitor.get("/api/nav/get-region-and-languages/");
      })
      .then(({ response }) => {
        const html = (response.json as { html: string }).html;
        expect(html).toContain('data-home-country="United Kingdom" aria-pressed="true"');
        expect(html).toContain('data-home-country="United States" aria-pressed="false"');
      }));

  it("the full footer lists each top menu item over its Live children", () =>
    spec
      .given(...tree)
      .when((http) => http.visitor().get("/api/nav/get-full-footer/"))
      .then(({ response }) => {
        const body = response.json as { metadata: { success: boolean }; html: string };
        expect(body.metadata.success).toBe(true);
        expect(body.html).toContain('<h2 class="footer-heading"><a href="/about/">About</a></h2>');
        expect(body.html).toContain('<a href="/about/story/">Our story</a>');
        expect(body.html).not.toContain("Draft page");
      }));
});
