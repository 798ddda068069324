import { describe, expect, it } from "vitest";
import { newsletterListStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, SPEC_SITE_URL, type SpecHttp } from "../testing/api-spec.ts";
import { rawRequest } from "../testing/raw-request.ts";
import { signedInUser } from "../testing/spec-users.ts";

// DESIGN §12: absolute URLs come from SITE_URL, never from Host or X-Forwarded-Host.
const spec = apiSpec(createApp);
const behindProxy = apiSpec((deps) => createApp({ ...deps, behindProxy: true }));
const edna = signedInUser("edna@example.org", "Edna Editor");
const ann = signedInUser("ann@example.org", "Ann Shopper", { isStaff: false });
const weekly = {
  streamId: newsletterListStream(1),
  type: "NewsletterListAdded",
  data: {
    id: 1,
    slug: "weekly",
    name: "Weekly",
    description: "",
    requiresPostalCode: false,
    active: true,
    addedAt: new Date().toISOString(),
    by: null,
  },
};
const FORGED: Array<Record<string, string>> = [
  { host: "evil.example" },
  { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
];

/** The links in the mails to `to`, as staff read them in the outbox (read until the mail shows). */
async function linksMailedTo(http: SpecHttp, to: string): Promise<string[]> {
  for (let tries = 0; tries < 100; tries++) {
    const mailbox = await http.as(edna).get(`/admin/api/mailbox/?to=${encodeURIComponent(to)}`);
    if (mailbox.json.items?.length) return JSON.stringify(mailbox.json).match(/https?:\/\/[^\s"\\]+/g) ?? [];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

describe("security 1: links in mails are built from SITE_URL", () => {
  for (const [name, app] of [
    ["a forged Host", spec],
    ["BEHIND_PROXY=true and a forged X-Forwarded-Host", behindProxy],
  ] as const) {
    it(`security 1: a password reset asked for with ${name} mails a link on SITE_URL`, () =>
      app
        .given(edna, ann)
        .when(async (http) => {
          for (const headers of FORGED) {
            const answer = await rawRequest(`${http.url}/api/account/password-reset/`, {
              headers,
              body: { email: "ann@example.org" },
            });
            expect(answer.status).toBe(200);
          }
          const links = await linksMailedTo(http, "ann@example.org");
          expect(links.length).toBeGreaterThan(0);
          for (const link of links)
            expect(link).toMatch(new RegExp(`^${SPEC_SITE_URL}/account/password/reset/\\?token=`));
          return http.visitor().get("/api/account/me/");
        })
        .then(({ newEvents }) => expect(JSON.stringify(newEvents.map((e) => e.data))).not.toContain("evil.example")));

    it(`security 1: a newsletter sign-up with ${name} mails confirm and unsubscribe links on SITE_URL`, () =>
      app
        .given(edna, weekly)
        .when(async (http) => {
          const answer = await rawRequest(`${http.url}/newsletters/signup/`, {
            headers: FORGED[1],
            body: { email: "bob@example.org", lists: [1] },
          });
          expect(answer.status).toBe(200);
          const links = await linksMailedTo(http, "bob@example.org");
          expect(links.map((link) => link.replace(/token=[\w-]+/, "token=…"))).toEqual([
            `${SPEC_SITE_URL}/newsletters/confirm/?token=…`,
            `${SPEC_SITE_URL}/newsletters/unsubscribe/?token=…`,
          ]);
          return http.visitor().get("/api/account/me/");
        })
        .then(({ newEvents }) => expect(JSON.stringify(newEvents.map((e) => e.data))).not.toContain("evil.example")));
  }

  it("security 1: the API reference names SITE_URL as its server, whatever Host says", () =>
    spec
      .given()
      .when(async (http) => {
        const answer = await rawRequest(`${http.url}/api/openapi.json`, { headers: FORGED[1] });
        expect(answer.json.servers).toEqual([{ url: SPEC_SITE_URL }]);
        return http.visitor().get("/api/account/me/");
      })
      .then(({ response }) => expect(response.status).toBe(200)));
});
