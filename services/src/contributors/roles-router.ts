import { Router } from "express";
import type { Kysely } from "kysely";
import {
  contentNodeStream,
  CreateRoleRequest,
  PAGE_FIELD_MESSAGES,
  UpdateRoleRequest,
  type EventStore,
  type LogPosition,
  fieldMessage,
  InvalidRequestError,
  RoleNotFoundError,
} from "@shop/shared";
import { ROLE_SORT_COLUMNS, RoleListRequest } from "@shop/shared/contributors/api";
import { runNodeCommand } from "../content/node-commands.ts";
import { pathId } from "../content/node-routes.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { refuseMissingRecords } from "../platform/referenced-records.ts";
import { decideRoles, type RoleCommand } from "./decide-roles.ts";
import type { Database } from "@shop/projections";

export interface RolesRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

const ROLES = "/admin/api/content/role/";
const roleNotFound = () => new RoleNotFoundError();

/** Contributor roles of content nodes (kept on the node's stream; listed from contributor_roles). */
export function makeRolesRouter(deps: RolesRouterDeps): Router {
  const router = Router();

  async function run(req: Parameters<Parameters<Router["post"]>[1]>[0], nodeId: number, command: RoleCommand) {
    const result = await runNodeCommand(
      deps.store,
      "contentnode",
      nodeId,
      (s) => decideRoles(command, s),
      eventMetadata(req),
    );
    if (result.appended)
      await deps.waitForProjections(result.appended.position, ["contributor-roles", "content-nodes"]);
  }
  const nodeOfRole = async (id: number) => {
    const row = await deps.db.selectFrom("contributor_roles").select("node_id").where("id", "=", id).executeTakeFirst();
    if (!row) throw roleNotFound();
    return row.node_id;
  };
  const roleRow = async (id: number) =>
    view(await deps.db.selectFrom("contributor_roles").selectAll().where("id", "=", id).executeTakeFirstOrThrow());

  router.get(ROLES, async (req, res) => {
    const q = parseQuery(RoleListRequest, req.query);
    const column = ROLE_SORT_COLUMNS[q.sort.replace(/^-/, "") as keyof typeof ROLE_SORT_COLUMNS];
    if (!column) throw new InvalidRequestError(fieldMessage("sort", `Cannot sort by ${q.sort.replace(/^-/, "")}.`));
    let query = deps.db.selectFrom("contributor_roles");
    if (q.node !== undefined) query = query.where("node_id", "=", q.node);
    const { total } = await query.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow();
    let page = query
      .selectAll()
      .orderBy(column, q.sort.startsWith("-") ? "desc" : "asc")
      .orderBy("sort_order")
      .orderBy("id")
      .offset(q.start);
    if (q.count >= 0) page = page.limit(q.count);
    const rows = await page.execute();
    res.json({
      metadata: { success: true },
      items: rows.map(view),
      total: Number(total),
      count: q.count,
      start: q.start,
    });
  });

  router.post(ROLES, async (req, res) => {
    const input = parseRequest(CreateRoleRequest, req.body);
    // A body naming a node that is not there is a field error (400), not a missing URL (404).
    await refuseMissingRecords(deps.store, [
      { field: "node", stream: contentNodeStream(input.node), message: PAGE_FIELD_MESSAGES.invalidChoice },
    ]);
    const roleId = await allocateId(deps.db, "contributorrole");
    await run(req, input.node, {
      type: "AddRole",
      data: { roleId, contributor: input.contributor, role: input.role, sortOrder: input.sort_order },
    });
    res.status(201).json({ metadata: { success: true }, ...(await roleRow(roleId)) });
  });

  router.put(`${ROLES}:id/`, async (req, res, next) => {
    const id = pathId(req);
    if (id === null) return next();
    const input = parseRequest(UpdateRoleRequest, req.body);
    await run(req, await nodeOfRole(id), {
      type: "ChangeRole",
      data: { roleId: id, contributor: input.contributor, role: input.role, sortOrder: input.sort_order },
    });
    res.json({ metadata: { success: true }, ...(await roleRow(id)) });
  });

  router.delete(`${ROLES}:id/`, async (req, res, next) => {
    const id = pathId(req);
    if (id === null) return next();
    await run(req, await nodeOfRole(id), { type: "RemoveRole", data: { roleId: id } });
    res.json({ metadata: { success: true }, id });
  });

  return router;
}

const view = (r: { id: number; node_id: number; contributor: string; role: string; sort_order: number }) => ({
  id: r.id,
  node: r.node_id,
  contributor: r.contributor,
  role: r.role,
  sort_order: r.sort_order,
});
