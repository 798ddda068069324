import { describe, expect, it } from "vitest";
import { contentNodeStream, slugify } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent, type SpecHttp } from "../testing/api-spec.ts";
import { actorOf, signedInUser } from "../testing/spec-users.ts";

// Contributor role rules as HTTP answers on the in-memory log. Two adds racing stay a full-server
// test (content/node-races.int.spec.ts).
const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const ROLES = "/admin/api/content/role/";
const NODE = 100; // given ids start at 100: the id counters start again at 1 in every scenario

const node: GivenEvent = {
  streamId: contentNodeStream(NODE),
  type: "ContentNodeCreated",
  data: {
    id: NODE,
    name: "Keyword Home",
    slug: slugify("Keyword Home"),
    parentId: null,
    url: "/keyword-home/",
    createdAt: new Date().toISOString(),
    by: actorOf(edna),
  },
};

/** Roles as POST role/ leaves them: added in this order, sort_order 10, 20, 30… */
const roles = (...list: Array<[roleId: number, contributor: string, role: string]>): GivenEvent[] =>
  list.map(([roleId, contributor, role], i) => ({
    streamId: contentNodeStream(NODE),
    type: "ContributorRoleAdded",
    data: { id: NODE, roleId, contributor, role, sortOrder: (i + 1) * 10 },
  }));

const list = async (http: SpecHttp) =>
  (await http.as(edna).get(`${ROLES}?node=${NODE}&sort=sort_order`)).json.items.map(
    (r: { contributor: string; sort_order: number }) => [r.contributor, r.sort_order],
  );

describe("code health 4: contributor roles through the API on the in-memory log", () => {
  it("a role is added last in steps of 10 and answers its id", () =>
    spec
      .given(edna, node)
      .when((http) => http.as(edna).post(ROLES, { node: NODE, contributor: "Ken Ham", role: "Author" }))
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(201);
        expect(response.json).toEqual({
          metadata: { success: true },
          id: expect.any(Number),
          node: NODE,
          contributor: "Ken Ham",
          role: "Author",
          sort_order: 10,
        });
        expect(newEvents).toMatchObject([
          {
            streamId: contentNodeStream(NODE),
            type: "ContributorRoleAdded",
            data: { roleId: response.json.id, sortOrder: 10 },
          },
        ]);
        await http.as(edna).post(ROLES, { node: NODE, contributor: "Bodie Hodge", role: "Editor" });
        expect(await list(http)).toEqual([
          ["Ken Ham", 10],
          ["Bodie Hodge", 20],
        ]);
      }));

  it("inserting at a free sort_order takes that position and renumbers the rest", () =>
    spec
      .given(edna, node, ...roles([101, "Ken Ham", "Author"], [102, "Bodie Hodge", "Editor"]))
      .when((http) =>
        http.as(edna).post(ROLES, { node: NODE, contributor: "Georgia Purdom", role: "Reviewer", sort_order: 5 }),
      )
      .then(async ({ newEvents, http }) => {
        expect(await list(http)).toEqual([
          ["Georgia Purdom", 10],
          ["Ken Ham", 20],
          ["Bodie Hodge", 30],
        ]);
        expect(newEvents).toMatchObject([
          { type: "ContributorRoleAdded", data: { contributor: "Georgia Purdom", sortOrder: 10 } },
          {
            type: "ContributorRolesRenumbered",
            data: {
              order: [
                { roleId: 101, sortOrder: 20 },
                { roleId: 102, sortOrder: 30 },
              ],
            },
          },
        ]);
      }));

  it("PUT moves a role and changes its fields; DELETE closes the gap", () =>
    spec
      .given(
        edna,
        node,
        ...roles([101, "Georgia Purdom", "Reviewer"], [102, "Ken Ham", "Author"], [103, "Bodie Hodge", "Editor"]),
      )
      .when((http) => http.as(edna).request("PUT", `${ROLES}101/`, { sort_order: 30, role: "Illustrator" }))
      .then(async ({ response, http }) => {
        expect(response.json).toEqual({
          metadata: { success: true },
          id: 101,
          node: NODE,
          contributor: "Georgia Purdom",
          role: "Illustrator",
          sort_order: 30,
        });
        expect(await list(http)).toEqual([
          ["Ken Ham", 10],
          ["Bodie Hodge", 20],
          ["Georgia Purdom", 30],
        ]);
        const removed = await http.as(edna).request("DELETE", `${ROLES}102/`);
        expect(removed.json).toEqual({ metadata: { success: true }, id: 102 });
        expect(await list(http)).toEqual([
          ["Bodie Hodge", 10],
          ["Georgia Purdom", 20],
        ]);
        const shown = (await http.as(edna).get(`/admin/api/content/contentnode/${NODE}/`)).json;
        expect(shown.contributors.map((c: { contributor: string }) => c.contributor)).toEqual([
          "Bodie Hodge",
          "Georgia Purdom",
        ]);
      }));

  it("the role list pages with start and count and answers the real start and total", () =>
    spec
      .given(
        edna,
        node,
        ...roles(
          [101, "Bodie Hodge", "Editor"],
          [102, "Georgia Purdom", "Illustrator"],
          [103, "Andrew Snelling", "Author"],
          [104, "Danny Faulkner", "Author"],
          [105, "Terry Mortenson", "Author"],
        ),
      )
      .when((http) => http.as(edna).get(`${ROLES}?node=${NODE}&sort=sort_order&start=1&count=2`))
      .then(async ({ response, http }) => {
        expect(response.json).toEqual({
          metadata: { success: true },
          items: [
            { id: expect.any(Number), node: NODE, contributor: "Georgia Purdom", role: "Illustrator", sort_order: 20 },
            { id: expect.any(Number), node: NODE, contributor: "Andrew Snelling", role: "Author", sort_order: 30 },
          ],
          total: 5,
          count: 2,
          start: 1,
        });
        const last = await http.as(edna).get(`${ROLES}?node=${NODE}&sort=-sort_order&start=4&count=10`);
        expect([
          last.json.items.map((r: { contributor: string }) => r.contributor),
          last.json.total,
          last.json.start,
        ]).toEqual([["Bodie Hodge"], 5, 4]);
        const all = await http.as(edna).get(`${ROLES}?node=${NODE}&count=-1`);
        expect([all.json.items.length, all.json.total, all.json.count]).toEqual([5, 5, -1]);
        const bad = await http.as(edna).get(`${ROLES}?start=-1`);
        expect([bad.status, bad.json.metadata.errors]).toEqual([
          400,
          ["start: Ensure this value is greater than or equal to 0."],
        ]);
      }));

  it("missing fields and unknown roles or nodes are refused", () =>
    spec
      .given(edna, node)
      .when((http) => http.as(edna).post(ROLES, { node: NODE }))
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual([
          "contributor: This field is required.",
          "role: This field is required.",
        ]);
        expect((await http.as(edna).request("PUT", `${ROLES}9999/`, { role: "X" })).status).toBe(404);
        expect((await http.as(edna).request("DELETE", `${ROLES}9999/`)).json.metadata.errors).toEqual([
          "__all__: This contributor role does not exist.",
        ]);
        // A body naming a node that does not exist is a field error (core hardening 2), not a missing URL.
        const noNode = await http.as(edna).post(ROLES, { node: 9999, contributor: "A", role: "B" });
        expect([noNode.status, noNode.json.metadata.errors]).toEqual([
          400,
          ["node: Select a valid choice. That choice is not one of the available choices."],
        ]);
        expect(newEvents).toEqual([]);
      }));
});
