import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify } from "@shop/shared";
import { signedInClient } from "../locks/lock-test-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const KEYWORDS = "/admin/api/content/keyword/";
const ROLES = "/admin/api/content/role/";

// One server for keywords and contributor roles: both hang off content nodes.
describe.each(testBackends())("keywords and contributor roles on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: TestClient;
  let nodeId: number;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    ({ client: edna } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    nodeId = (await edna.post("/admin/api/content/contentnode/", { name: "Keyword Home", ignore_warnings: true })).json.id;
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  describe("keywords", () => {
    let ark: number;
    it("creating a keyword answers its id; the slug defaults to the name's", async () => {
      const res = await edna.post(`${KEYWORDS}?ts=1700000000000`, { name: "Noah's Ark" });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({ metadata: { success: true }, id: expect.any(Number), name: "Noah's Ark", slug: "noahs-ark" });
      ark = res.json.id;
    });

    it("a duplicate slug or name answers 400 with both errors in metadata.errors", async () => {
      const res = await edna.post(`${KEYWORDS}?ts=1`, { name: "noah's ark", slug: "noahs-ark" });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        metadata: {
          success: false,
          message: "Creating the keyword failed. See errors below.",
          errors: ["slug: A keyword with this slug already exists.", "name: A keyword with this name already exists."],
        },
      });
      const missing = await edna.post(KEYWORDS, {});
      expect(missing.json.metadata.errors).toEqual(["name: This field is required."]);
    });

    it("mode=find with content_nodes__id lists the keywords of that node", async () => {
      const other = (await edna.post(KEYWORDS, { name: "Flood Geology", monthly_searches: 880 })).json.id;
      await edna.post(`/admin/api/content/contentnode/${nodeId}/keywords/`, { keyword: ark });
      const res = await edna.get(`${KEYWORDS}?count=-1&sort=id&mode=find&content_nodes__id=${nodeId}`);
      expect(res.json).toEqual({ metadata: { success: true }, total: 1, count: -1, start: 0, items: [{ id: ark, name: "Noah's Ark", slug: "noahs-ark" }] });
      const all = await edna.get(`${KEYWORDS}?count=1&sort=-id`);
      expect(all.json).toEqual({ metadata: { success: true }, total: 2, count: 1, start: 0, items: [{ id: other, name: "Flood Geology", slug: "flood-geology" }] });
    });

    it("keyword stats count the nodes using a keyword and carry monthly searches (default 0)", async () => {
      const second = (await edna.post("/admin/api/content/contentnode/", { name: "Second", parent: nodeId, keywords: [ark] })).json.id;
      expect(second).toBeGreaterThan(0);
      const res = await edna.get(`/admin/api/content/keyword-stats/?count=-1&sort=id`);
      expect(res.json.items).toEqual([
        { id: ark, name: "Noah's Ark", slug: "noahs-ark", our_uses: 2, monthly_searches: 0 },
        { id: expect.any(Number), name: "Flood Geology", slug: "flood-geology", our_uses: 0, monthly_searches: 880 },
      ]);
      await edna.request("DELETE", `/admin/api/content/contentnode/${second}/keywords/`, { keyword: ark });
      expect((await edna.get(`/admin/api/content/keyword-stats/?query=noah`)).json.items).toEqual([{ id: ark, name: "Noah's Ark", slug: "noahs-ark", our_uses: 1, monthly_searches: 0 }]);
    });

    const creation = new Map<string, number>();
    const row = (name: string) => ({ id: creation.get(name)!, name, slug: slugify(name) });
    const statsRow = (name: string) => ({ ...row(name), our_uses: 0, monthly_searches: 0 });

    it("keyword search answers at most 25 matches, exact match first, and the total of every match", async () => {
      for (let i = 1; i <= 26; i++) {
        const name = `Creation ${String(i).padStart(2, "0")}`;
        creation.set(name, (await edna.post(KEYWORDS, { name })).json.id);
      }
      creation.set("Creation", (await edna.post(KEYWORDS, { name: "Creation" })).json.id);
      const res = await edna.get("/admin/api/content/keyword-search/?query=creation");
      expect(res.json).toEqual({ metadata: { success: true }, items: expect.any(Array), total: 27, count: 25, start: 0 });
      expect(res.json.items).toHaveLength(25);
      expect(res.json.items[0]).toEqual(statsRow("Creation"));
      expect(await edna.get("/admin/api/content/keyword-search/?query=").then((r) => r.json)).toEqual({ metadata: { success: true }, items: [], total: 0, count: 25, start: 0 });
    });

    it("keyword search honours count (never more than 25) and leaves out excluded ids", async () => {
      const exclude = encodeURIComponent(JSON.stringify([creation.get("Creation"), creation.get("Creation 01"), "junk"]));
      const res = await edna.get(`/admin/api/content/keyword-search/?query=creation&count=3&exclude=${exclude}`);
      expect(res.json).toEqual({ metadata: { success: true }, items: ["Creation 02", "Creation 03", "Creation 04"].map(statsRow), total: 25, count: 3, start: 0 });
      const capped = await edna.get("/admin/api/content/keyword-search/?query=creation&count=100");
      expect([capped.json.items.length, capped.json.count, capped.json.total]).toEqual([25, 25, 27]);
      const bad = await edna.get("/admin/api/content/keyword-search/?query=creation&count=0");
      expect([bad.status, bad.json.metadata.errors]).toEqual([400, ["count: Ensure this value is greater than or equal to 1."]]);
    });

    it("the autocomplete call sorts by keyword name, leaves out excluded ids and answers count items of the total", async () => {
      const exclude = encodeURIComponent(JSON.stringify([creation.get("Creation"), creation.get("Creation 02")]));
      const res = await edna.get(`${KEYWORDS}?count=10&start=0&query=crea&sort=keyword&exclude=${exclude}`);
      expect(res.status).toBe(200);
      const names = ["Creation 01", ...Array.from({ length: 9 }, (_, i) => `Creation ${String(i + 3).padStart(2, "0")}`)];
      expect(res.json).toEqual({ metadata: { success: true }, items: names.map(row), total: 25, count: 10, start: 0 });
      const backwards = await edna.get(`${KEYWORDS}?count=2&start=1&query=crea&sort=-keyword`);
      expect(backwards.json).toEqual({ metadata: { success: true }, items: [row("Creation 25"), row("Creation 24")], total: 27, count: 2, start: 1 });
      const unknown = await edna.get(`${KEYWORDS}?sort=popularity`);
      expect([unknown.status, unknown.json.metadata.errors]).toEqual([400, ["sort: Cannot sort by popularity."]]);
    });

    it("back office 2: linking a keyword that repeats a word more than 4 times answers the warning; ignore_warnings links it", async () => {
      const page = (await edna.post("/admin/api/content/contentnode/", { name: "Flood Page", ignore_warnings: true })).json.id;
      const link = (keyword: number, extra: Record<string, unknown> = {}) => edna.post(`/admin/api/content/contentnode/${page}/keywords/`, { keyword, ...extra });
      const ids: number[] = [];
      for (const name of ["Flood One", "Flood Two", "Flood Three", "Flood Four", "Flood Five"]) ids.push((await edna.post(KEYWORDS, { name })).json.id);
      for (const id of ids.slice(0, 4)) expect((await link(id)).status).toBe(200);
      const warned = await link(ids[4]);
      expect([warned.status, warned.json]).toEqual([
        400,
        { metadata: { success: false, message: "Please review the warnings. Save again with ignore_warnings to continue.", errors: [], warnings: ['The word "flood" appears 5 times in the keyword list.'] } },
      ]);
      const listed = async () => (await edna.get(`${KEYWORDS}?count=-1&sort=id&mode=find&content_nodes__id=${page}`)).json.total;
      expect(await listed()).toBe(4);
      const linked = await link(ids[4], { ignore_warnings: true });
      expect(linked.status).toBe(200);
      expect(linked.json.keywords.map((k: { name: string }) => k.name)).toContain("Flood Five");
      expect(await listed()).toBe(5);
      // A keyword that does not repeat the word links without a warning.
      expect((await link((await edna.post(KEYWORDS, { name: "Ark Walk" })).json.id)).status).toBe(200);
    });
  });

  describe("contributor roles", () => {
    const add = (body: Record<string, unknown>) => edna.post(ROLES, { node: nodeId, ...body });
    const list = async () => (await edna.get(`${ROLES}?node=${nodeId}&sort=sort_order`)).json.items.map((r: { contributor: string; sort_order: number }) => [r.contributor, r.sort_order]);

    it("a role is added last in steps of 10 and answers its id", async () => {
      const res = await add({ contributor: "Ken Ham", role: "Author" });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({ metadata: { success: true }, id: expect.any(Number), node: nodeId, contributor: "Ken Ham", role: "Author", sort_order: 10 });
      await add({ contributor: "Bodie Hodge", role: "Editor" });
      expect(await list()).toEqual([["Ken Ham", 10], ["Bodie Hodge", 20]]);
    });

    it("inserting at a free sort_order takes that position and renumbers the rest", async () => {
      await add({ contributor: "Georgia Purdom", role: "Reviewer", sort_order: 5 });
      expect(await list()).toEqual([["Georgia Purdom", 10], ["Ken Ham", 20], ["Bodie Hodge", 30]]);
    });

    it("PUT moves a role and changes its fields; DELETE closes the gap", async () => {
      const roles = (await edna.get(`${ROLES}?node=${nodeId}&sort=sort_order`)).json.items;
      const georgia = roles[0].id;
      const moved = await edna.request("PUT", `${ROLES}${georgia}/`, { sort_order: 30, role: "Illustrator" });
      expect(moved.json).toEqual({ metadata: { success: true }, id: georgia, node: nodeId, contributor: "Georgia Purdom", role: "Illustrator", sort_order: 30 });
      expect(await list()).toEqual([["Ken Ham", 10], ["Bodie Hodge", 20], ["Georgia Purdom", 30]]);
      const removed = await edna.request("DELETE", `${ROLES}${roles[1].id}/`);
      expect(removed.json).toEqual({ metadata: { success: true }, id: roles[1].id });
      expect(await list()).toEqual([["Bodie Hodge", 10], ["Georgia Purdom", 20]]);
      const node = (await edna.get(`/admin/api/content/contentnode/${nodeId}/`)).json;
      expect(node.contributors.map((c: { contributor: string }) => c.contributor)).toEqual(["Bodie Hodge", "Georgia Purdom"]);
    });

    it("the role list pages with start and count and answers the real start and total", async () => {
      for (const contributor of ["Andrew Snelling", "Danny Faulkner", "Terry Mortenson"]) await add({ contributor, role: "Author" });
      const page = await edna.get(`${ROLES}?node=${nodeId}&sort=sort_order&start=1&count=2`);
      expect(page.json).toEqual({
        metadata: { success: true },
        items: [
          { id: expect.any(Number), node: nodeId, contributor: "Georgia Purdom", role: "Illustrator", sort_order: 20 },
          { id: expect.any(Number), node: nodeId, contributor: "Andrew Snelling", role: "Author", sort_order: 30 },
        ],
        total: 5,
        count: 2,
        start: 1,
      });
      const last = await edna.get(`${ROLES}?node=${nodeId}&sort=-sort_order&start=4&count=10`);
      expect([last.json.items.map((r: { contributor: string }) => r.contributor), last.json.total, last.json.start]).toEqual([["Bodie Hodge"], 5, 4]);
      const all = await edna.get(`${ROLES}?node=${nodeId}&count=-1`);
      expect([all.json.items.length, all.json.total, all.json.count]).toEqual([5, 5, -1]);
      const bad = await edna.get(`${ROLES}?start=-1`);
      expect([bad.status, bad.json.metadata.errors]).toEqual([400, ["start: Ensure this value is greater than or equal to 0."]]);
    });

    it("two quick adds with the same sort_order (a stale list) never share a sort_order: the later goes last", async () => {
      const node = (await edna.post("/admin/api/content/contentnode/", { name: "Stale List", ignore_warnings: true })).json.id;
      const addTo = (contributor: string, sort_order: number) => edna.post(ROLES, { node, contributor, role: "Author", sort_order });
      const orders = async () => (await edna.get(`${ROLES}?node=${node}&sort=sort_order`)).json.items.map((r: { contributor: string; sort_order: number }) => [r.contributor, r.sort_order]);
      await addTo("Ken Ham", 10);
      const answers = [await addTo("Bodie Hodge", 20), await addTo("Georgia Purdom", 20)];
      expect(answers.map((a) => a.json.sort_order)).toEqual([20, 30]);
      expect(await orders()).toEqual([["Ken Ham", 10], ["Bodie Hodge", 20], ["Georgia Purdom", 30]]);
      await Promise.all([addTo("Andrew Snelling", 40), addTo("Danny Faulkner", 40)]);
      expect((await orders()).map(([, order]: [string, number]) => order)).toEqual([10, 20, 30, 40, 50]);
    });

    it("missing fields and unknown roles or nodes are refused", async () => {
      const missing = await edna.post(ROLES, { node: nodeId });
      expect(missing.status).toBe(400);
      expect(missing.json.metadata.errors).toEqual(["contributor: This field is required.", "role: This field is required."]);
      expect((await edna.request("PUT", `${ROLES}9999/`, { role: "X" })).status).toBe(404);
      expect((await edna.request("DELETE", `${ROLES}9999/`)).json.metadata.errors).toEqual(["__all__: This contributor role does not exist."]);
      // A body naming a node that does not exist is a field error (core hardening 2), not a missing URL.
      const noNode = await edna.post(ROLES, { node: 9999, contributor: "A", role: "B" });
      expect([noNode.status, noNode.json.metadata.errors]).toEqual([400, ["node: Select a valid choice. That choice is not one of the available choices."]]);
    });
  });
});
