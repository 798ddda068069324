import type { NextFunction, Request, Response, Router } from "express";
import {
  BACK_OFFICE_MESSAGES,
  CreateNodeRequest,
  NodeHistoryQuery,
  pathIdOf,
  UpdateNodeRequest,
  type UserRef,
  NodeNotFoundError,
} from "@shop/shared";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import type { NodeKind } from "./content-node.ts";
import { existing } from "./decide.ts";
import { loadNode, nodeStream } from "./node-commands.ts";
import { createNode, updateNode, type NodeServiceDeps } from "./node-service.ts";
import { nodeAsOf, nodeHistory, nodeView } from "./node-view.ts";

export const byUser = (req: Request): UserRef => ({ id: req.user!.id, name: req.user!.name });

/** A numeric id from the path, or null so another route (e.g. `query/`) may answer; an id no record can have ends at 404. */
export function pathId(req: Request): number | null {
  return pathIdOf(req.params.id);
}

const saved = (extra: object) => ({
  metadata: { success: true, message: BACK_OFFICE_MESSAGES.genericSuccess },
  ...extra,
});

/**
 * The record routes every node kind has, under `base` (e.g. /admin/api/content/contentnode/):
 * create, read, update, history, and the node as of an event.
 */
export function addNodeRoutes(router: Router, base: string, kind: NodeKind, deps: NodeServiceDeps) {
  router.post(base, async (req, res) => {
    const input = parseRequest(CreateNodeRequest, req.body);
    const node = await createNode(deps, kind, input, byUser(req), eventMetadata(req));
    res.status(201).json(saved(await nodeView(deps.db, kind, node)));
  });

  router.get(`${base}:id/`, async (req, res, next) => {
    const id = pathId(req);
    if (id === null) return next();
    const node = existing(await loadNode(deps.store, kind, id));
    res.json({ metadata: { success: true }, ...(await nodeView(deps.db, kind, node)) });
  });

  router.put(`${base}:id/`, async (req, res, next) => {
    const id = pathId(req);
    if (id === null) return next();
    await answerUpdate(req, res, id);
  });

  router.get(`${base}:id/history/`, async (req, res, next) => {
    const id = pathId(req);
    if (id === null) return next();
    const { at } = parseQuery(NodeHistoryQuery, req.query);
    const events = await deps.store.readStream(nodeStream(kind, id));
    if (events.length === 0) throw new NodeNotFoundError();
    if (at !== undefined) {
      res.json({ metadata: { success: true }, at, ...(await nodeView(deps.db, kind, nodeAsOf(events, at))) });
      return;
    }
    const items = await nodeHistory(deps.db, events);
    res.json({ metadata: { success: true }, id, items, total: items.length, count: items.length, start: 0 });
  });

  async function answerUpdate(req: Request, res: Response, id: number) {
    const input = parseRequest(UpdateNodeRequest, req.body);
    const node = await updateNode(deps, kind, id, input, byUser(req), eventMetadata(req));
    res.json(saved(await nodeView(deps.db, kind, node)));
  }
  return { answerUpdate };
}

export type AsyncHandler = (req: Request, res: Response, next: NextFunction) => Promise<void>;
