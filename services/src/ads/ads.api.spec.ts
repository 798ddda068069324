import { describe, expect, it } from "vitest";
import { adStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { actorOf, signedInUser } from "../testing/spec-users.ts";

const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const shopper = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });
const at = new Date().toISOString();
const BASE = "/admin/api/content/ad/";

const ad = (id: number, title: string, active = true): GivenEvent => ({
  streamId: adStream(id),
  type: "AdAdded",
  data: { id, title, linkUrl: "/visit/", imageUrl: "/ads/ad-1.svg", altText: title, active, addedAt: at, by: null },
});

describe("staff manage content page ads in the back office", () => {
  it("adding an ad appends AdAdded and answers the record", () =>
    spec
      .given(edna)
      .when((http) =>
        http.as(edna).post(BASE, {
          title: " Visit the Ark ",
          link_url: "https://arkencounter.com/tickets/",
          image_url: "/ads/ad-1.svg",
          alt_text: "Visit the Ark Encounter",
        }),
      )
      .then(
        {
          status: 201,
          body: {
            metadata: { success: true },
            id: expect.any(Number),
            title: "Visit the Ark",
            link_url: "https://arkencounter.com/tickets/",
            image_url: "/ads/ad-1.svg",
            alt_text: "Visit the Ark Encounter",
            active: true,
            kind: "own",
            version: 0,
          },
        },
        [
          {
            type: "AdAdded",
            data: {
              title: "Visit the Ark",
              linkUrl: "https://arkencounter.com/tickets/",
              active: true,
              by: actorOf(edna),
            },
          },
        ],
      ));

  it("an ad needs a title, alt text and same-site or https links; nothing is written otherwise", () =>
    spec
      .given(edna)
      .when((http) =>
        http.as(edna).post(BASE, {
          title: "",
          link_url: "javascript:alert(1)",
          image_url: "http://example.org/a.png",
          alt_text: "",
        }),
      )
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.success).toBe(false);
        expect(response.json.metadata.errors).toEqual(
          expect.arrayContaining([
            "title: This field is required.",
            "link_url: Enter a path on this site (starting with /) or an https:// address.",
            "image_url: Enter an image path on this site (starting with /) or an https:// address.",
            "alt_text: This field is required.",
          ]),
        );
        expect(newEvents).toEqual([]);
      }));

  it("a protocol-relative link (//host) is not a same-site path", () =>
    spec
      .given(edna)
      .when((http) =>
        http.as(edna).post(BASE, { title: "T", link_url: "//evil.example/", image_url: "/a.png", alt_text: "A" }),
      )
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual([
          "link_url: Enter a path on this site (starting with /) or an https:// address.",
        ]);
        expect(newEvents).toEqual([]);
      }));

  it("spec 9: an ad is a magazine ad or one of ours; another kind is refused and nothing is written", () =>
    spec
      .given(edna)
      .when(async (http) => {
        const body = { title: "Answers", link_url: "/store/magazine/", image_url: "/ads/ad-3.svg", alt_text: "A" };
        const magazine = await http.as(edna).post(BASE, { ...body, kind: "magazine" });
        expect(magazine.status).toBe(201);
        expect(magazine.json.kind).toBe("magazine");
        return http.as(edna).post(BASE, { ...body, kind: "banner" });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual([expect.stringMatching(/^kind: /)]);
        expect(newEvents.map((e) => [e.type, (e.data as { kind: string }).kind])).toEqual([["AdAdded", "magazine"]]);
      }));

  it("the list pages and sorts the ads", () =>
    spec
      .given(ad(1, "Bravo"), ad(2, "Alpha", false), ad(3, "Charlie"), edna)
      .when((http) => http.as(edna).get(`${BASE}?count=2&start=0&sort=-title`))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json.total).toBe(3);
        expect(response.json.count).toBe(2);
        expect(response.json.start).toBe(0);
        expect(response.json.items.map((a: { title: string }) => a.title)).toEqual(["Charlie", "Bravo"]);
      }));

  it("the list's q finds ads by title or link, ignoring case, and LIKE's own characters match themselves", () =>
    spec
      .given(ad(1, "Ark Tickets"), ad(2, "Museum"), ad(3, "50% off"), ad(4, "500 off"), edna)
      .when(async (http) => {
        const byTitle = await http.as(edna).get(`${BASE}?q=ark`);
        expect(byTitle.json.items.map((a: { title: string }) => a.title)).toEqual(["Ark Tickets"]);
        const byLink = await http.as(edna).get(`${BASE}?q=VISIT&sort=id`);
        expect(byLink.json.total).toBe(4);
        return http.as(edna).get(`${BASE}?q=${encodeURIComponent("50%")}`);
      })
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json.items.map((a: { title: string }) => a.title)).toEqual(["50% off"]);
        expect(response.json.total).toBe(1);
      }));

  it("a change with the version it was loaded at is saved; a stale one is refused with 409", () =>
    spec
      .given(ad(4, "Visit"), edna)
      .when(async (http) => {
        const body = { title: "Visit", link_url: "/visit/", image_url: "/ads/ad-1.svg", alt_text: "Visit" };
        const saved = await http.as(edna).request("PUT", `${BASE}4/`, { ...body, active: "", expected_version: 0 });
        expect(saved.json).toMatchObject({ active: false, version: 1 });
        return http.as(edna).request("PUT", `${BASE}4/`, { ...body, title: "Stale", expected_version: 0 });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.success).toBe(false);
        expect(newEvents.map((e) => e.type)).toEqual(["AdChanged"]);
      }));

  it("an unknown ad answers 404 Ad not found.", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).get(`${BASE}99/`))
      .then(({ response }) => {
        expect(response.status).toBe(404);
        expect(response.json.metadata).toMatchObject({ code: "AD_NOT_FOUND", message: "Ad not found." });
      }));

  it("shoppers cannot manage ads", () =>
    spec
      .given(shopper)
      .when((http) => http.as(shopper).post(BASE, { title: "T", link_url: "/", image_url: "/a.png", alt_text: "A" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(403);
        expect(newEvents).toEqual([]);
      }));
});
