import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInClient } from "../testing/server-kit.ts";
import { contentLangNodeStream, EMBED_MEDIA_TARGETS, embedMediaTag, type EmbedMediaType } from "@shop/shared";
import { seedLookupDemoData } from "../lookups/lookup-demo-data.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const PAGE = "/api/content/page/?url=";
const figure = (element: string, url: string, mime: string, title: string) =>
  `<figure class="embed-media embed-media-item"><${element} controls preload="metadata"><source src="${url}" type="${mime}" /><a href="${url}" download>Download ${title}</a></${element}><figcaption>${title}</figcaption></figure>`;
const related = (relation: string, links: Array<[string, string]>) =>
  `<ul class="related-contentnodes related-${relation}">${links.map(([url, title]) => `<li><a href="${url}">${title}</a></li>`).join("")}</ul>`;

// The content tree: Home > Videos > (The Flood, Genesis Study, Draft Video: Beta), Home > Ark Guide, Home > Members.
// The menu tree places Ark Guide under Videos: Videos is its adoptive parent, it is Videos' adoptive child.
describe.each(testBackends())("template tags on public pages on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let visitor: TestClient;
  let member: TestClient;
  let staff: TestClient;
  let videosId = 0;

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
    const home = await node({
      name: "Home",
      url: "/",
      body: '{% get_related_contentnodes relation="child" collection_filter="collection" %}',
    });
    const videos = await node({ name: "Videos", parent: home, url: "/videos/" });
    videosId = videos;
    await staff.request("PUT", `/admin/api/content/contentnode/${videos}/`, {
      body: `{% embed_media type="itemlistall" id=${videos} %}{% get_related_contentnodes relation="child" relation_filter="adoptive" %}{% get_related_contentnodes relation="child" relation_filter="both" collection_filter="item" %}`,
      ignore_warnings: true,
    });
    const flood = await node({
      name: "The Flood",
      parent: videos,
      url: "/videos/flood/",
      body: '{% embed_media type="item" id=1 %}',
    });
    const genesis = await node({
      name: "Genesis Study",
      parent: videos,
      url: "/videos/genesis/",
      body: '<p>Listen:</p>{% embed_media type="file" id=2 %}',
    });
    const draft = await node({
      name: "Draft Video",
      parent: videos,
      url: "/videos/draft/",
      body: '{% embed_media type="item" id=1 %}',
    });
    const guide = await node({
      name: "Ark Guide",
      parent: home,
      url: "/guide/",
      body: '{% get_related_contentnodes relation="parents" relation_filter="adoptive" %}|{% get_related_contentnodes relation="parents" %}',
    });
    const members = await node({
      name: "Members",
      parent: home,
      url: "/members/",
      body: '{% restrict_content mode="choosegroup" group="members" %}<p>Members only.</p>{% endrestrict_content %}',
    });
    const translated = await node({
      name: "Translated",
      parent: home,
      url: "/translated/",
      body: `{% get_translations node=${genesis} %}|{% get_translations %}|{% get_translations node=${draft} %}`,
    });
    const translations = [
      [21, genesis, "es", "Estudio de Génesis", "Live"],
      [22, genesis, "de", "Genesis-Studie", "Live"],
      [23, genesis, "fr", "Étude", "Beta"],
      [24, translated, "fr", "Traduit", "Live"],
      [25, draft, "es", "Borrador", "Live"],
    ] as const;
    for (const [id, nodeId, language, name, status] of translations) {
      await server.store.append(
        contentLangNodeStream(id),
        [{ type: "ContentLangNodeAdded", data: { id, nodeId, language, name, slug: `t-${id}`, status } }],
        { expectedVersion: "no-stream" },
      );
    }
    for (const pk of [home, videos, flood, genesis, guide, members, translated])
      await staff.post("/admin/content/contentnode/action/", { action: "publish", pk });
    const menu = async (fields: Record<string, unknown>) =>
      (await staff.post("/admin/api/tree/menunode/", { ignore_warnings: true, ...fields })).json.id as number;
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
        related("child", [
          ["/videos/genesis/", "Genesis Study"],
          ["/videos/flood/", "The Flood"],
          ["/guide/", "Ark Guide"],
        ]),
    );
  });

  it("relation_filter=adoptive gives the menu ancestors' pages; real gives the content tree's", async () => {
    expect(await body(visitor, "/guide/")).toBe(
      `${related("parents", [
        ["/", "Home"],
        ["/videos/", "Videos"],
      ])}|${related("parents", [["/", "Home"]])}`,
    );
  });

  it("get_translations node=N lists page N's Live translations linking to page N; none for a page the reader may not see", async () => {
    const list = (items: Array<[string, string, string]>) =>
      `<ul class="translations">${items.map(([url, lang, title]) => `<li><a href="${url}" hreflang="${lang}">${title}</a></li>`).join("")}</ul>`;
    expect(await body(visitor, "/translated/")).toBe(
      `${list([
        ["/videos/genesis/?lang=de", "de", "Genesis-Studie"],
        ["/videos/genesis/?lang=es", "es", "Estudio de Génesis"],
      ])}|${list([["/translated/?lang=fr", "fr", "Traduit"]])}|`,
    );
  });

  it("restrict_content choosegroup shows the part to the chosen group's members (members: signed-in users) and staff", async () => {
    expect(await body(visitor, "/members/")).toBe("");
    expect(await body(member, "/members/")).toBe("<p>Members only.</p>");
    expect(await body(staff, "/members/")).toBe("<p>Members only.</p>");
  });

  it("back office 1: embed_media item and itemlistall render the record the toolbox's picker offers under that id", async () => {
    // What the toolbox does: search the type's lookup, take a row's id, insert the shared tag.
    const pick = async (type: EmbedMediaType, id: number) => {
      const res = await staff.get(
        `${EMBED_MEDIA_TARGETS[type].lookup}?count=10&sort=id&start=0&pk__in=${encodeURIComponent(JSON.stringify([id]))}`,
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const [row] = res.json.items as Array<{ id: number; str: string }>;
      expect(row.id).toBe(id);
      return { tag: embedMediaTag(type, row.id), str: row.str };
    };
    const study = await pick("item", 2);
    expect(study.str).toContain("Genesis Audio Study");
    const collection = await pick("itemlistall", videosId);
    expect(collection.str).toContain("Videos");
    const url = "/embedded/";
    const created = await staff.post("/admin/api/content/contentnode/", {
      ignore_warnings: true,
      name: "Embedded",
      url,
      body: `${study.tag}|${collection.tag}`,
    });
    expect(created.status).toBe(201);
    await staff.post("/admin/content/contentnode/action/", { action: "publish", pk: created.json.id });
    await server.runner.waitFor(await server.store.head());
    const [item, list] = (await body(visitor, url)).split("|");
    expect(item).toBe(figure("audio", "/media/genesis-audio-study", "audio/mpeg", "Genesis Audio Study"));
    expect(list).toContain('<ul class="embed-media-list"><li><a href="/videos/genesis/">Genesis Study</a>');
  });
});
