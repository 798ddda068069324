import { describe, it } from "vitest";
import { NODE_PAGE_FIELD_DEFAULTS, type ContentNodeEvent } from "@shop/shared";
import { nodeDecider } from "../content/content-node.ts";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideRoles } from "./decide-roles.ts";

const spec = deciderSpec(nodeDecider, decideRoles);
const created: ContentNodeEvent = {
  type: "ContentNodeCreated",
  data: {
    id: 7,
    name: "A",
    slug: "a",
    parentId: 1,
    shortDescription: "",
    url: "/a/",
    body: "",
    nodeTypeId: null,
    published: null,
    lastPublished: null,
    ...NODE_PAGE_FIELD_DEFAULTS,
    createdAt: "2026-11-01T00:00:00.000Z",
    by: null,
  },
};
const role = (roleId: number, sortOrder: number, contributor = `C${roleId}`): ContentNodeEvent => ({
  type: "ContributorRoleAdded",
  data: { id: 7, roleId, contributor, role: "Author", sortOrder },
});
const three = [created, role(1, 10), role(2, 20), role(3, 30)];

describe("contributor roles: sort_order is position × 10", () => {
  it("a role added without sort_order goes last", () => {
    spec
      .given(three)
      .when({ type: "AddRole", data: { roleId: 4, contributor: "Ken", role: "Editor" } })
      .then([
        { type: "ContributorRoleAdded", data: { id: 7, roleId: 4, contributor: "Ken", role: "Editor", sortOrder: 40 } },
      ]);
  });
  it("the first role of a node gets 10", () => {
    spec
      .given([created])
      .when({ type: "AddRole", data: { roleId: 1, contributor: "Ken", role: "Author", sortOrder: 0 } })
      .then([
        { type: "ContributorRoleAdded", data: { id: 7, roleId: 1, contributor: "Ken", role: "Author", sortOrder: 10 } },
      ]);
  });
  it("a new role asking for a sort_order another role has goes last (two quick adds from a stale list)", () => {
    spec
      .given(three)
      .when({ type: "AddRole", data: { roleId: 4, contributor: "Ken", role: "Editor", sortOrder: 20 } })
      .then([
        { type: "ContributorRoleAdded", data: { id: 7, roleId: 4, contributor: "Ken", role: "Editor", sortOrder: 40 } },
      ]);
    spec
      .given([created, role(1, 10), role(2, 20)])
      .when({ type: "AddRole", data: { roleId: 3, contributor: "Ann", role: "Editor", sortOrder: 20 } })
      .then([
        { type: "ContributorRoleAdded", data: { id: 7, roleId: 3, contributor: "Ann", role: "Editor", sortOrder: 30 } },
      ]);
  });
  it("inserting before the first role takes a sort_order below 10 and moves the others down by 10", () => {
    spec
      .given(three)
      .when({ type: "AddRole", data: { roleId: 4, contributor: "Ken", role: "Editor", sortOrder: 5 } })
      .then([
        { type: "ContributorRoleAdded", data: { id: 7, roleId: 4, contributor: "Ken", role: "Editor", sortOrder: 10 } },
        {
          type: "ContributorRolesRenumbered",
          data: {
            id: 7,
            order: [
              { roleId: 1, sortOrder: 20 },
              { roleId: 2, sortOrder: 30 },
              { roleId: 3, sortOrder: 40 },
            ],
          },
        },
      ]);
  });
  it("a sort_order between steps rounds up to the next position (15 → position 2)", () => {
    spec
      .given(three)
      .when({ type: "AddRole", data: { roleId: 4, contributor: "Ken", role: "Editor", sortOrder: 15 } })
      .then([
        { type: "ContributorRoleAdded", data: { id: 7, roleId: 4, contributor: "Ken", role: "Editor", sortOrder: 20 } },
        {
          type: "ContributorRolesRenumbered",
          data: {
            id: 7,
            order: [
              { roleId: 2, sortOrder: 30 },
              { roleId: 3, sortOrder: 40 },
            ],
          },
        },
      ]);
  });
  it("moving the first role to sort_order 30 puts it third and moves the others up", () => {
    spec
      .given(three)
      .when({ type: "ChangeRole", data: { roleId: 1, sortOrder: 30 } })
      .then([
        {
          type: "ContributorRoleChanged",
          data: { id: 7, roleId: 1, contributor: "C1", role: "Author", sortOrder: 30 },
        },
        {
          type: "ContributorRolesRenumbered",
          data: {
            id: 7,
            order: [
              { roleId: 2, sortOrder: 10 },
              { roleId: 3, sortOrder: 20 },
            ],
          },
        },
      ]);
  });
  it("a sort_order past the end clamps to the last position", () => {
    spec
      .given(three)
      .when({ type: "AddRole", data: { roleId: 4, contributor: "Ken", role: "Editor", sortOrder: 990 } })
      .then([
        { type: "ContributorRoleAdded", data: { id: 7, roleId: 4, contributor: "Ken", role: "Editor", sortOrder: 40 } },
      ]);
  });
  it("changing the role's text keeps its place", () => {
    spec
      .given(three)
      .when({ type: "ChangeRole", data: { roleId: 2, role: "Illustrator" } })
      .then([
        {
          type: "ContributorRoleChanged",
          data: { id: 7, roleId: 2, contributor: "C2", role: "Illustrator", sortOrder: 20 },
        },
      ]);
  });
  it("a change that changes nothing records nothing", () => {
    spec
      .given(three)
      .when({ type: "ChangeRole", data: { roleId: 2, role: "Author", sortOrder: 20 } })
      .then([]);
  });
  it("removing a role closes the gap", () => {
    spec
      .given(three)
      .when({ type: "RemoveRole", data: { roleId: 1 } })
      .then([
        { type: "ContributorRoleRemoved", data: { id: 7, roleId: 1 } },
        {
          type: "ContributorRolesRenumbered",
          data: {
            id: 7,
            order: [
              { roleId: 2, sortOrder: 10 },
              { roleId: 3, sortOrder: 20 },
            ],
          },
        },
      ]);
  });
  it("an unknown role cannot be changed or removed", () => {
    spec
      .given(three)
      .when({ type: "RemoveRole", data: { roleId: 9 } })
      .thenThrows("ROLE_NOT_FOUND");
    spec
      .given(three)
      .when({ type: "ChangeRole", data: { roleId: 9, role: "X" } })
      .thenThrows("ROLE_NOT_FOUND");
  });
  it("roles of an unknown node are refused", () => {
    spec
      .given([])
      .when({ type: "AddRole", data: { roleId: 1, contributor: "Ken", role: "Author" } })
      .thenThrows("NODE_NOT_FOUND");
  });
});
