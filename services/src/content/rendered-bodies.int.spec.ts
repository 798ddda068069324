import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { signedInClient } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const PAGE = "/api/content/page/?url=";

// DESIGN §9: a content page's body is rendered when it (or a node it shows) changes, by the content-pages
// projector, and kept in content_page_bodies; a page view reads it, it does not expand the tags again.
describe.each(testBackends())("content pages keep their rendered body in the read model on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let db: Kysely<Database>;
  let staff: TestClient;
  let member: TestClient;
  const visitor = () => new TestClient(server.url);
  const ids: Record<string, number> = {};

  const node = async (key: string, fields: Record<string, unknown>) => {
    const res = await staff.post("/admin/api/content/contentnode/", { ignore_warnings: true, ...fields });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    ids[key] = res.json.id;
    const published = await staff.post("/admin/content/contentnode/action/", { action: "publish", pk: ids[key] });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    return ids[key];
  };
  const stored = (id: number) =>
    db.selectFrom("content_page_bodies").selectAll().where("node_id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    db = server.database.db;
    ({ client: staff } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    ({ client: member } = await signedInClient(server, "fan@example.org", "Fay Fan", false));
    const root = await node("root", { name: "Root", url: "/" });
    await node("section", { name: "Section", parent: root, url: "/section/" });
    await node("guide", {
      name: "Guide",
      parent: root,
      url: "/guide/",
      body:
        `<p>See {% get_urls node=${ids.section} as="link" %}.</p>` +
        `{% get_related_contentnodes relation="child" node=${ids.section} %}` +
        '{% restrict_content mode="authenticated" %}<p>Welcome back.</p>{% endrestrict_content %}',
    });
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("a page's body is served from its row in the read model, not rendered per request", async () => {
    const row = await stored(ids.guide);
    expect(row.html_anonymous).toBe('<p>See <a href="/section/">Section</a>.</p>');
    expect(row.deps).toEqual(expect.arrayContaining([`node:${ids.section}`, `children:${ids.section}`]));
    // Whatever the row holds is what a visitor gets: the tags are not expanded again.
    await db
      .updateTable("content_page_bodies")
      .set({ html_anonymous: "<p>From the read model.</p>" })
      .where("node_id", "=", ids.guide)
      .execute();
    expect((await visitor().get(`${PAGE}/guide/`)).json.page.body_html).toBe("<p>From the read model.</p>");
    await db
      .updateTable("content_page_bodies")
      .set({ html_anonymous: row.html_anonymous })
      .where("node_id", "=", ids.guide)
      .execute();
  });

  it("each audience gets its own stored body (restrict_content)", async () => {
    const row = await stored(ids.guide);
    expect(row.html_member).toContain("<p>Welcome back.</p>");
    expect(row.html_anonymous).not.toContain("Welcome back.");
    expect((await member.get(`${PAGE}/guide/`)).json.page.body_html).toContain("<p>Welcome back.</p>");
    expect((await visitor().get(`${PAGE}/guide/`)).json.page.body_html).not.toContain("Welcome back.");
  });

  it("renaming a node a page links to re-renders that page", async () => {
    const renamed = await staff.request("PUT", `/admin/api/content/contentnode/${ids.section}/`, {
      name: "Chapters",
      ignore_warnings: true,
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    await staff.post("/admin/content/contentnode/action/", { action: "publish", pk: ids.section });
    expect((await stored(ids.guide)).html_anonymous).toContain('<a href="/section/">Chapters</a>');
    expect((await visitor().get(`${PAGE}/guide/`)).json.page.body_html).toContain('<a href="/section/">Chapters</a>');
  });

  it("a child published under a node re-renders the page that lists that node's children", async () => {
    await node("lesson", { name: "Lesson One", parent: ids.section, url: "/section/one/" });
    expect((await visitor().get(`${PAGE}/guide/`)).json.page.body_html).toContain(
      '<ul class="related-contentnodes related-child"><li><a href="/section/one/">Lesson One</a></li></ul>',
    );
  });

  it("a stored body is sanitised: script never reaches the row or the visitor", async () => {
    const id = await node("hostile", {
      name: "Hostile",
      parent: ids.root,
      url: "/hostile/",
      body: '<p>Hi<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    });
    const row = await stored(id);
    for (const html of [row.html_anonymous, row.html_member, row.html_staff]) {
      expect(html).not.toMatch(/<script|onerror|alert/);
    }
    expect((await visitor().get(`${PAGE}/hostile/`)).json.page.body_html).not.toMatch(/<script|onerror/);
  });

  it("while changes are pending the row keeps the published body, and publishing renders the edit", async () => {
    await staff.request("PUT", `/admin/api/content/contentnode/${ids.hostile}/`, {
      body: "<p>Edited.</p>",
      ignore_warnings: true,
    });
    expect((await stored(ids.hostile)).source_body).toContain("<p>Hi");
    expect((await visitor().get(`${PAGE}/hostile/`)).json.page.body_html).not.toContain("Edited.");
    await staff.post("/admin/content/contentnode/action/", { action: "publish", pk: ids.hostile });
    expect((await stored(ids.hostile)).html_anonymous).toBe("<p>Edited.</p>");
  });
});
