import { describe, expect, it } from "vitest";
import { contentNodeStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";

const spec = apiSpec(createApp);
const at = new Date().toISOString();

function page(id: number, name: string, url: string, body: string, live = true, short = ""): GivenEvent[] {
  const created: GivenEvent = {
    streamId: contentNodeStream(id),
    type: "ContentNodeCreated",
    data: { id, name, slug: `p${id}`, parentId: null, url, body, shortDescription: short, createdAt: at },
  };
  const published: GivenEvent = {
    streamId: contentNodeStream(id),
    type: "ContentNodePublished",
    data: { id, publishedAt: at },
  };
  return live ? [created, published] : [created];
}

const site = [
  ...page(
    10,
    "Visitor Guide",
    "/visitor-guide/",
    "<p>Opening hours and parking.</p>",
    true,
    "Plan your day at the Ark.",
  ),
  ...page(11, "The Ark in Depth", "/ark/", "<p>Most visitors take a full afternoon on the three decks.</p>"),
  ...page(
    12,
    "About Us",
    "/about/",
    '<p>Who we are.</p>{% restrict_content mode="staff" %}<p>visitor numbers are private</p>{% endrestrict_content %}',
  ),
  ...page(13, "Visitor Draft", "/draft/", "<p>Not yet.</p>", false),
];

describe("GET /api/search/pages/?q= (spec 26.4: search across the site)", () => {
  it("spec 26.4: 'visitor' finds the Visitor Guide first (its title), then a page whose text says visitors", () =>
    spec
      .given(...site)
      .when((http) => http.visitor().get("/api/search/pages/?q=visitor"))
      .then({
        status: 200,
        body: {
          metadata: { success: true },
          q: "visitor",
          items: [
            { title: "Visitor Guide", url: "/visitor-guide/", summary: "Plan your day at the Ark." },
            {
              title: "The Ark in Depth",
              url: "/ark/",
              summary: "Most visitors take a full afternoon on the three decks.",
            },
          ],
          total: 2,
        },
      }));

  it("spec 26.4: a draft page and a staff-only part of a page are never found", () =>
    spec
      .given(...site)
      .when((http) => http.visitor().get("/api/search/pages/?q=private"))
      .then({ status: 200, body: { metadata: { success: true }, q: "private", items: [], total: 0 } }));

  it("spec 26.4: blank words find nothing (the results page then shows its suggestions)", () =>
    spec
      .given(...site)
      .when((http) => http.visitor().get("/api/search/pages/?q=%20%20"))
      .then({ status: 200, body: { metadata: { success: true }, q: "", items: [], total: 0 } }));

  it("spec 26.4: a missing q is refused as bad input", () =>
    spec
      .given(...site)
      .when((http) => http.visitor().get("/api/search/pages/"))
      .then(({ response }) => {
        expect(response.status).toBe(400);
        expect((response.json as { metadata: { errors: string[] } }).metadata.errors[0]).toMatch(/^q: /);
      }));
});
