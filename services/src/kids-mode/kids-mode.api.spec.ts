import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { apiSpec, SPEC_SITE_URL } from "../testing/api-spec.ts";

const spec = apiSpec(createApp);
const html = { accept: "text/html" };

describe("kids mode sends the visitor back only to a page of this site", () => {
  it("security 9: GET /kids-mode/?next=/%5Cevil.example/ and the other bypasses go home, a path of ours is kept", () =>
    spec
      .given()
      .when(async (http) => {
        const locations: Array<[string, string | null]> = [];
        for (const next of [
          "/%5Cevil.example/",
          "//evil.example/",
          "%2F%2Fevil.example/",
          "/%2F/evil.example/",
          "/%09/evil.example/",
          "https://evil.example/",
          "javascript:alert(1)",
          "%20//evil.example/",
          "/store/?a=1",
        ]) {
          const answer = await http.visitor().request("GET", `/kids-mode/?next=${next}`, undefined, html);
          expect(answer.status).toBe(303);
          locations.push([next, answer.headers.get("location")]);
        }
        expect(locations).toEqual([
          ["/%5Cevil.example/", "/"],
          ["//evil.example/", "/"],
          ["%2F%2Fevil.example/", "/"],
          ["/%2F/evil.example/", "/"],
          ["/%09/evil.example/", "/"],
          ["https://evil.example/", "/"],
          ["javascript:alert(1)", "/"],
          ["%20//evil.example/", "/"],
          ["/store/?a=1", "/store/?a=1"],
        ]);
        return http.visitor().request("GET", "/kids-mode/", undefined, html);
      })
      .then(({ response }) => expect(response.headers.get("location")).toBe("/")));

  it("security 9: without next, a Referer of this site is the way back; another site's, or a path that leaves, is not", () =>
    spec
      .given()
      .when(async (http) => {
        const back = async (referer: string) =>
          (await http.visitor().request("GET", "/kids-mode/", undefined, { ...html, referer })).headers.get("location");
        expect(await back(`${SPEC_SITE_URL}/store/products/1/?sku=a`)).toBe("/store/products/1/?sku=a");
        expect(await back(`${http.url}/donate/`)).toBe("/donate/");
        expect(await back("https://evil.example/store/")).toBe("/");
        expect(await back(`${SPEC_SITE_URL}//evil.example/`)).toBe("/");
        expect(await back(`${SPEC_SITE_URL}/%5Cevil.example/`)).toBe("/");
        return http.visitor().request("GET", "/kids-mode/", undefined, { ...html, referer: "not a url" });
      })
      .then(({ response }) => expect(response.headers.get("location")).toBe("/")));
});
