// The contributor roles' batch against their one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import {
  ContributorRoleAdded,
  ContributorRoleChanged,
  ContributorRoleRemoved,
  ContributorRolesRenumbered,
} from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { recordedEvent as recorded, tablesBothWays } from "../runner/batch-equivalence.ts";
import { contributorRolesProjection } from "./contributor-roles-projection.ts";

const role = (id: number, roleId: number, contributor: string, sortOrder: number) => ({
  id,
  roleId,
  contributor,
  role: "Author",
  sortOrder,
});

describe.each(testBackends())("contributor roles batched on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 roles added, changed, removed and renumbered leave the same rows batched as one by one", async () => {
    const events = [
      recorded(ContributorRolesRenumbered, { id: 1, order: [{ roleId: 1, sortOrder: 5 }] }), // none yet
      recorded(ContributorRoleAdded, role(1, 1, "Ken", 10)),
      recorded(ContributorRoleAdded, role(1, 2, "Bodie", 20)),
      recorded(ContributorRoleChanged, { ...role(1, 2, "Bodie", 20), role: "Editor" }),
      recorded(ContributorRolesRenumbered, {
        id: 1,
        order: [
          { roleId: 2, sortOrder: 10 },
          { roleId: 1, sortOrder: 20 },
          { roleId: 7, sortOrder: 30 },
        ],
      }),
      recorded(ContributorRoleRemoved, { id: 1, roleId: 1 }),
      recorded(ContributorRoleRemoved, { id: 2, roleId: 9 }), // there before
      recorded(ContributorRolesRenumbered, { id: 2, order: [{ roleId: 8, sortOrder: 0 }] }), // there before
      recorded(ContributorRoleAdded, role(1, 1, "Ken again", 40)),
      recorded(ContributorRoleRemoved, { id: 3, roleId: 3 }),
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, contributorRolesProjection, events, {
      sizes: [1, 2, 3, events.length],
      before: async (db) => {
        await sql`INSERT INTO contributor_roles VALUES (9, 2, 'Old', 'Author', 10), (8, 2, 'Older', 'Editor', 20)`.execute(
          db,
        );
      },
    });
    expect(oneByOne.contributor_roles.length).toBe(3);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});
