import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInClient } from "../locks/lock-test-kit.ts";
import { seedLookupDemoData } from "../lookups/lookup-demo-data.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const PAGE = "/api/content/page/?url=";
const figure = (element: string, url: string, mime: string, title: string) =>
  `<figure class="embed-media embed-media-item"><${element} controls preload="metadata"><source src="${url}" type="${mime}"><a href="${url}" download>Download ${title}</a></${element}><figcaption>${title}</figcaption></figure>`;
const related = (relation: string, links: Array<[string, string]>) => `<ul class="related-contentnodes related-${relation}">${links.map(([url, title]) => `<li><a href="${url}">${title}</a></li>`).join("")}</ul>`;

// The content tree: Home > Videos > (The Flood, Genesis Study, Draft Video: Beta), Home > Ark Guide, Home > Members.
// The menu tree places Ark Guide under Videos: Videos is its adoptive parent, it is Videos' adoptive child.
describe.each(testBackends())("template tags on public pages on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let visitor: TestClient;
  let member: TestClient;
  let staff: TestClient;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    ({ client: staff } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    ({ client: member } = await signedInClient(server, "fan@example.org", "Fay Fan", false));
    visitor = new TestClient(server.url);
    await server.runner.waitFor(await seedLookupDemoData(server.store, { userId: null, correlationId: "page-tags" }));
    const node = async (fields: Record<string, unknown>) => {
      const res = await staff.post("/admin/api/content/contentnode/", { ignore_warnings: true, ...fields });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json.id as number;
    };
    const home = await node({ name: "Home", url: "/", body: '{% get_related_contentnodes relation="child" collection_filter="collection" %}' });
    const videos = await node({ name: "Videos", parent: home, url: "/videos/" });
    await staff.request("PUT", `/admin/api/content/contentnode/${videos}/`, {
      body: `{% embed_media type="itemlistall" id=${videos} %}{% get_related_contentnodes relation="child" relation_filter="adoptive" %}{% get_related_contentnodes relation="child" relation_filter="both" collection_filter="item" %}`,
      ignore_warnings: true,
    });
    const flood = await node({ name: "The Flood", parent: videos, url: "/videos/flood/", body: '{% embed_media type="item" id=1 %}' });
    const genesis = await node({ name: "Genesis Study", parent: videos, url: "/videos/genesis/", body: '<p>Listen:</p>{% embed_media type="file" id=2 %}' });
    await node({ name: "Draft Video", parent: videos, url: "/videos/draft/", body: '{% embed_media type="item" id=1 %}' });
    const guide = await node({ name: "Ark Guide", parent: home, url: "/guide/", body: '{% get_related_contentnodes relation="parents" relation_filter="adoptive" %}|{% get_related_contentnodes relation="parents" %}' });
    const members = await node({ name: "Members", parent: home, url: "/members/", body: '{% restrict_content mode="choosegroup" group="members" %}<p>Members only.</p>{% endrestrict_content %}' });
    for (const pk of [home, videos, flood, genesis, guide, members]) await staff.post("/admin/content/contentnode/action/", { action: "publish", pk });
    const menu = async (fields: Record<string, unknown>) => (await staff.post("/admin/api/tree/menunode/", { ignore_warnings: true, ...fields })).json.id as number;
    const main = await menu({ name: "Main", url: "/" });
    const menuVideos = await menu({ name: "Videos", url: "/videos/", parent: main });
    await menu({ name: "Guide", url: "/guide/", parent: menuVideos });
    await server.runner.waitFor(await server.store.head());
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  const body = async (client: TestClient, url: string) => (await client.get(`${PAGE}${url}`)).json.page.body_html;

  it("collection_filter=collection lists only the relatives that have visible children of their own", async () => {
    expect(await body(visitor, "/")).toBe(related("child", [["/videos/", "Videos"]]));
  });

  it("embed_media itemlistall lists the collection's visible items with their HTML5 media; adoptive and both relation filters follow the menu tree", async () => {
    expect(await body(visitor, "/videos/")).toBe(
      `<ul class="embed-media-list"><li><a href="/videos/genesis/">Genesis Study</a>${figure("audio", "/media/genesis-audio-study", "audio/mpeg", "Genesis Audio Study")}</li>` +
        `<li><a href="/videos/flood/">The Flood</a>${figure("video", "/media/ark-encounter-tour", "video/mp4", "Ark Encounter Tour")}</li></ul>` +
        related("child", [["/guide/", "Ark Guide"]]) +
        related("child", [["/videos/genesis/", "Genesis Study"], ["/videos/flood/", "The Flood"], ["/guide/", "Ark Guide"]]),
    );
  });

  it("relation_filter=adoptive gives the menu ancestors' pages; real gives the content tree's", async () => {
    expect(await body(visitor, "/guide/")).toBe(`${related("parents", [["/", "Home"], ["/videos/", "Videos"]])}|${related("parents", [["/", "Home"]])}`);
  });

  it("restrict_content choosegroup shows the part to the chosen group's members (members: signed-in users) and staff", async () => {
    expect(await body(visitor, "/members/")).toBe("");
    expect(await body(member, "/members/")).toBe("<p>Members only.</p>");
    expect(await body(staff, "/members/")).toBe("<p>Members only.</p>");
  });
});
