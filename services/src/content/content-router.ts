import { Router } from "express";
import {
  ContentActionRequest,
  IpaSaveRequest,
  KeywordLinkRequest,
  keywordStream,
  PendingRewriteBatchesQuery,
  NotFoundError,
  UnknownKeywordError,
} from "@shop/shared";
import type { Selectable } from "kysely";
import type { Database } from "@shop/projections";
import { streamExists } from "../platform/referenced-records.ts";
import { requireStaff } from "../platform/http/auth.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { runContentAction } from "./content-actions.ts";
import { decideNode, existing } from "./decide.ts";
import { loadNode, runNodeCommand } from "./node-commands.ts";
import { addNodeRoutes, byUser, pathId } from "./node-routes.ts";
import { keywordNames, NODE_PROJECTIONS, type NodeServiceDeps } from "./node-service.ts";
import { nodeView } from "./node-view.ts";

const CONTENT_NODE = "/admin/api/content/contentnode/";
const MENU_NODE = "/admin/api/tree/menunode/";

/**
 * Content nodes (content app) and menu nodes (tree app): records, history, in-page saves, status
 * actions, keyword links and the pending rewrite batches. GET lists of both live in the lookups router.
 */
export function makeContentRouter(deps: NodeServiceDeps): Router {
  const router = Router();
  const content = addNodeRoutes(router, CONTENT_NODE, "contentnode", deps);
  addNodeRoutes(router, MENU_NODE, "menunode", deps);

  // The in-page admin bar saves only what was edited, with the node's id in the body.
  router.put("/admin/api/content/node-ipa-save/", async (req, res) => {
    const { id } = parseRequest(IpaSaveRequest, req.body);
    await content.answerUpdate(req, res, id);
  });

  // Outside /admin/api, so the staff check is ours.
  router.post("/admin/content/contentnode/action/", requireStaff, async (req, res) => {
    const input = parseRequest(ContentActionRequest, req.body);
    const nodeId = (input.pk ?? input.id)!;
    const appended = await runContentAction(
      deps,
      { nodeId, action: input.action, by: byUser(req) },
      eventMetadata(req),
    );
    if (appended) await deps.waitForProjections(appended.position, NODE_PROJECTIONS.contentnode);
    const node = existing(await loadNode(deps.store, "contentnode", nodeId));
    res.json({ metadata: { success: true }, id: nodeId, status: node.status, version: node.version });
  });

  // Keyword links: POST adds `keyword` to the node, DELETE removes it; both answer the node's keywords.
  for (const method of ["post", "delete"] as const) {
    router[method](`${CONTENT_NODE}:id/keywords/`, async (req, res, next) => {
      const id = pathId(req);
      if (id === null) return next();
      const { keyword, ignore_warnings } = parseQuery(KeywordLinkRequest, { ...req.query, ...req.body });
      if (method === "post" && !(await streamExists(deps.store, keywordStream(keyword)))) {
        throw new UnknownKeywordError("keyword", [keyword]);
      }
      // A link answers the repeated-keyword warning as a save does (the list's names, the new one last).
      const before = existing(await loadNode(deps.store, "contentnode", id));
      const keywordNamesAfter =
        method === "post"
          ? await keywordNames(deps.store, [...before.keywordIds.filter((k) => k !== keyword), keyword])
          : undefined;
      const command =
        method === "post"
          ? {
              type: "LinkKeyword" as const,
              data: { keywordId: keyword, ignoreWarnings: ignore_warnings, keywordNames: keywordNamesAfter },
            }
          : { type: "UnlinkKeyword" as const, data: { keywordId: keyword } };
      const result = await runNodeCommand(
        deps.store,
        "contentnode",
        id,
        (s) => decideNode(command, s),
        eventMetadata(req),
      );
      if (result.appended) await deps.waitForProjections(result.appended.position, NODE_PROJECTIONS.contentnode);
      const view = await nodeView(deps.db, "contentnode", existing(result.state));
      res.json({
        metadata: { success: true },
        id,
        keywords: "keywords" in view ? view.keywords : [],
        version: view.version,
      });
    });
  }

  // A menu node's status menu, as the content node's (back office 3).
  router.post("/admin/tree/menunode/action/", requireStaff, async (req, res) => {
    const input = parseRequest(ContentActionRequest, req.body);
    const nodeId = (input.pk ?? input.id)!;
    const appended = await runContentAction(
      deps,
      { nodeId, action: input.action, by: byUser(req), kind: "menunode" },
      eventMetadata(req),
    );
    if (appended) await deps.waitForProjections(appended.position, NODE_PROJECTIONS.menunode);
    const node = existing(await loadNode(deps.store, "menunode", nodeId));
    res.json({ metadata: { success: true }, id: nodeId, status: node.status, version: node.version });
  });

  router.get("/admin/api/tree/pendingrewritebatch/:id/", async (req, res, next) => {
    const id = pathId(req);
    if (id === null) return next();
    const row = await deps.db.selectFrom("pending_rewrite_batches").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError();
    res.json({ metadata: { success: true }, ...rewriteBatchItem(row) });
  });

  router.get("/admin/api/tree/pendingrewritebatch/", async (req, res) => {
    const q = parseQuery(PendingRewriteBatchesQuery, req.query);
    let query = deps.db.selectFrom("pending_rewrite_batches");
    if (q.node !== undefined) query = query.where("node_id", "=", q.node);
    const { total } = await query.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow();
    let page = query.selectAll().orderBy("id", "desc").offset(q.start);
    if (q.count >= 0) page = page.limit(q.count);
    const rows = await page.execute();
    res.json({
      metadata: { success: true },
      items: rows.map(rewriteBatchItem),
      total: Number(total),
      count: q.count,
      start: q.start,
    });
  });

  return router;
}

const rewriteBatchItem = (r: Selectable<Database["pending_rewrite_batches"]>) => ({
  id: r.id,
  node: r.node_id,
  old_url: r.old_url,
  new_url: r.new_url,
  created_at: new Date(r.created_at).toISOString(),
  created_by: r.created_by,
});
