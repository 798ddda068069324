import { CONTRIBUTOR_SORT_ORDER_STEP, type ContentNodeEvent, RoleNotFoundError } from "@shop/shared";
import type { ContributorRole, Node } from "../content/content-node.ts";
import { existing } from "../content/decide.ts";

export type RoleCommand =
  | { type: "AddRole"; data: { roleId: number; contributor: string; role: string; sortOrder?: number } }
  | { type: "ChangeRole"; data: { roleId: number; contributor?: string; role?: string; sortOrder?: number } }
  | { type: "RemoveRole"; data: { roleId: number } };

/**
 * Pure: contributor roles of a node. sort_order is always position × 10 (10, 20, 30…): a role
 * given sort_order s goes to position ceil(s / 10) (clamped to the list), the others move down
 * or up and every role is renumbered, so the list never has gaps or ties. A new role asking for a
 * sort_order another role already has goes last instead: the client computed "next" from a stale
 * list (two quick adds), and the later add must not jump ahead of the earlier one.
 */
export function decideRoles(command: RoleCommand, state: Node): ContentNodeEvent[] {
  const node = existing(state);
  const id = node.id;
  const roles = node.roles;
  switch (command.type) {
    case "AddRole": {
      const { sortOrder, ...data } = command.data;
      const added: ContributorRole = { ...data, sortOrder: 0 };
      const taken = roles.some((r) => r.sortOrder === sortOrder);
      const list = placeAt(roles, added, taken ? undefined : sortOrder);
      return withRenumbering(id, roles, list, {
        type: "ContributorRoleAdded",
        data: { id, ...data, sortOrder: orderOf(list, data.roleId) },
      });
    }
    case "ChangeRole": {
      const current = roles.find((r) => r.roleId === command.data.roleId);
      if (!current) throw new RoleNotFoundError();
      const changed = {
        ...current,
        contributor: command.data.contributor ?? current.contributor,
        role: command.data.role ?? current.role,
      };
      const others = roles.filter((r) => r.roleId !== current.roleId);
      const list =
        command.data.sortOrder === undefined
          ? roles.map((r) => (r.roleId === current.roleId ? changed : r))
          : placeAt(others, changed, command.data.sortOrder);
      const renumbered = renumber(list);
      const after = renumbered.find((r) => r.roleId === current.roleId)!;
      if (
        after.contributor === current.contributor &&
        after.role === current.role &&
        after.sortOrder === current.sortOrder
      )
        return [];
      const { roleId, contributor, role, sortOrder } = after;
      return withRenumbering(id, roles, list, {
        type: "ContributorRoleChanged",
        data: { id, roleId, contributor, role, sortOrder },
      });
    }
    case "RemoveRole": {
      if (!roles.some((r) => r.roleId === command.data.roleId)) throw new RoleNotFoundError();
      const list = roles.filter((r) => r.roleId !== command.data.roleId);
      return withRenumbering(id, roles, list, {
        type: "ContributorRoleRemoved",
        data: { id, roleId: command.data.roleId },
      });
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

function placeAt(list: ContributorRole[], role: ContributorRole, sortOrder: number | undefined): ContributorRole[] {
  const position =
    sortOrder === undefined
      ? list.length + 1
      : Math.min(Math.max(Math.ceil(sortOrder / CONTRIBUTOR_SORT_ORDER_STEP), 1), list.length + 1);
  return [...list.slice(0, position - 1), role, ...list.slice(position - 1)];
}

const renumber = (list: ContributorRole[]) =>
  list.map((r, i) => ({ ...r, sortOrder: (i + 1) * CONTRIBUTOR_SORT_ORDER_STEP }));
const orderOf = (list: ContributorRole[], roleId: number) =>
  (list.findIndex((r) => r.roleId === roleId) + 1) * CONTRIBUTOR_SORT_ORDER_STEP;

/** The main event, then one renumbering of the other roles whose sort_order moves (if any). */
function withRenumbering(
  id: number,
  before: ContributorRole[],
  list: ContributorRole[],
  main: ContentNodeEvent,
): ContentNodeEvent[] {
  const mainRole = "roleId" in main.data ? main.data.roleId : -1;
  const moved = renumber(list)
    .filter((r) => r.roleId !== mainRole)
    .filter((r) => before.find((b) => b.roleId === r.roleId)?.sortOrder !== r.sortOrder)
    .map((r) => ({ roleId: r.roleId, sortOrder: r.sortOrder }));
  return moved.length ? [main, { type: "ContributorRolesRenumbered", data: { id, order: moved } }] : [main];
}
