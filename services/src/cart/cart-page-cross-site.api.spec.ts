import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { apiSpec, SPEC_SITE_URL, type SpecHttp } from "../testing/api-spec.ts";
import type { TestClient } from "../testing/http-client.ts";

const CATALOG = [
  productGiven(2, { title: "Flood Video" }),
  ...skuGiven(200, "30-200", { productId: 2, format: "DVD", priceCents: 2000 }),
];
const spec = apiSpec(createApp);
const html = { accept: "text/html" };
const ADD = "/store/cart/?30-200=5&add-to-cart";

const cartOf = async (visitor: TestClient) =>
  (await visitor.get("/api/store/shop/full-cart/?x=1")).json.items.map((i: { sku_code: string; quantity: number }) => [
    i.sku_code,
    i.quantity,
  ]);

/** The confirm page's form as a browser submits it: its action with its fields as the query. */
function formSubmission(page: string): string {
  const form = /<form method="get" action="([^"]+)">([\s\S]*?)<\/form>/.exec(page);
  expect(form).not.toBeNull();
  const fields = [...form![2].matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)" \/>/g)];
  return `${form![1]}?${new URLSearchParams(fields.map(([, name, value]) => [name, value])).toString()}`;
}

describe("security 16: /store/cart/?{sku}={qty}&add-to-cart sent from another site asks first", () => {
  for (const [name, headers] of [
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["a Referer from another site", { referer: "https://evil.example/free-stuff/" }],
    ["both, and another scheme's Referer", { "sec-fetch-site": "cross-site", referer: "http://evil.example/" }],
  ] as const) {
    it(`security 16: with ${name} nothing is added and a confirm page is shown`, () =>
      spec
        .given(...CATALOG)
        .when(async (http) => {
          const visitor = http.visitor();
          const page = await visitor.request("GET", ADD, undefined, { ...html, ...headers });
          expect(page.status).toBe(200);
          expect(page.headers.get("content-type")).toContain("text/html");
          expect(page.text).toContain("Add these items to your cart?");
          expect(page.text).toContain("<td>Flood Video</td><td>30-200</td><td>5</td>");
          expect(await cartOf(visitor)).toEqual([]);
          return page;
        })
        .then(({ newEvents }) => expect(newEvents.map((e) => e.type)).toEqual([])));
  }

  it("security 16: the confirm page's button, sent from this site, adds the items", () =>
    spec
      .given(...CATALOG)
      .when(async (http: SpecHttp) => {
        const visitor = http.visitor();
        const page = await visitor.request("GET", ADD, undefined, { ...html, "sec-fetch-site": "cross-site" });
        const submit = formSubmission(page.text);
        expect(submit).toBe("/store/cart/?30-200=5&add-to-cart=");
        const added = await visitor.request("GET", submit, undefined, {
          ...html,
          "sec-fetch-site": "same-origin",
          referer: `${SPEC_SITE_URL}${ADD}`,
        });
        expect(added.status).toBe(303);
        expect(added.headers.get("location")).toBe("/store/cart/");
        expect(await cartOf(visitor)).toEqual([["30-200", 5]]);
        return added;
      })
      .then(({ newEvents }) => expect(newEvents.length).toBeGreaterThan(0)));

  it("security 16: with neither header, or from this site, it adds as before; the API's add-to-cart is unchanged", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const cases: Array<Record<string, string>> = [
          {},
          { "sec-fetch-site": "same-origin" },
          { "sec-fetch-site": "none" },
          { referer: `${SPEC_SITE_URL}/store/products/2/` },
          { referer: `${http.url}/store/products/2/` },
        ];
        for (const headers of cases) {
          const visitor = http.visitor();
          const added = await visitor.request("GET", "/store/cart/?30-200=1&add-to-cart", undefined, {
            ...html,
            ...headers,
          });
          expect([headers, added.status]).toEqual([headers, 303]);
          expect(await cartOf(visitor)).toEqual([["30-200", 1]]);
        }
        const api = http.visitor();
        const answer = await api.request("GET", "/api/store/shop/add-to-cart/?30-200=2", undefined, {
          "sec-fetch-site": "cross-site",
          referer: "https://evil.example/",
        });
        expect(answer.json.metadata.success).toBe(true);
        return api.get("/api/store/shop/full-cart/?x=2");
      })
      .then(({ response }) => expect(response.json.items.map((i: { quantity: number }) => i.quantity)).toEqual([2])));
});
