import { z } from "zod";
import { CreateRoleRequest, UpdateRoleRequest } from "@shop/shared";
import { RoleListRequest } from "@shop/shared/contributors/api";
import { listFields as list, type RouteDoc } from "../platform/openapi/route-doc.ts";

const ROLES = "/admin/api/content/role/";

/** Contributor roles of content nodes (roles-router.ts). */
export const ROLE_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: ROLES,
    summary: "Contributor roles of a node (or all)",
    query: RoleListRequest,
    fields: list(),
  },
  {
    method: "POST",
    path: ROLES,
    refusals: ["UNKNOWN_RECORD"],
    summary: "Add a contributor role to a node",
    body: CreateRoleRequest,
    status: 201,
    fields: { id: z.number() },
  },
  {
    method: "PUT",
    path: `${ROLES}:id/`,
    refusals: ["ROLE_NOT_FOUND", "UNKNOWN_RECORD"],
    summary: "Change a contributor role",
    body: UpdateRoleRequest,
    fields: { id: z.number() },
  },
  {
    method: "DELETE",
    path: `${ROLES}:id/`,
    refusals: ["ROLE_NOT_FOUND"],
    summary: "Remove a contributor role",
    fields: { id: z.number() },
  },
];
