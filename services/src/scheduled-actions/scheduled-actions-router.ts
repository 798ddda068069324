import { Router, type Request } from "express";
import type { Kysely } from "kysely";
import {
  contentNodeStream,
  formatActionTime,
  pathIdOf,
  userStream,
  scheduledActionStream,
  ScheduledActionListQuery,
  ScheduleActionRequest,
  UpdateScheduledActionRequest,
  type EventStore,
  type LogPosition,
  type ScheduledActionItem,
  type ScheduledActionStatus,
  fieldMessage,
  InvalidRequestError,
  UnknownRecordError,
  NotFoundError,
} from "@shop/shared";
import { findScheduledAction, listScheduledActions, type ScheduledActionsTable } from "@shop/projections";
import { RETRY, runCommand } from "../platform/command-handler.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { streamExists } from "../platform/referenced-records.ts";
import { decideScheduledAction, type ScheduledActionCommand } from "./decide.ts";
import { scheduledActionDecider } from "./scheduled-action.ts";
import type { Database } from "@shop/projections";

/** A scheduled action is edited by staff (and taken by the runner, whose start wins): one fresh try. */
const SCHEDULE_RETRY = RETRY.once;

export interface ScheduledActionsRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

const BASE = "/admin/api/base/cmsactionevent/";
const READ_MODEL = ["scheduled-actions"];

export function toScheduledActionItem(row: ScheduledActionsTable): ScheduledActionItem {
  const iso = new Date(row.action_time).toISOString();
  return {
    id: row.id,
    action_time: formatActionTime(iso),
    action_time_iso: iso,
    object_id: row.object_id,
    action: row.action,
    user: row.user_id,
    content_type: row.content_type,
    alert_user: row.alert_user ? 1 : 0,
    status: row.status as ScheduledActionStatus,
    result: row.result,
  };
}

/** Scheduled CMS actions (back-office §7): the admin's list, schedule, change and cancel. The sweeper runs them. */
export function makeScheduledActionsRouter(deps: ScheduledActionsRouterDeps): Router {
  const router = Router();

  const command = async (req: Request, id: number, cmd: ScheduledActionCommand) => {
    const result = await runCommand(
      deps.store,
      scheduledActionStream(id),
      scheduledActionDecider,
      SCHEDULE_RETRY,
      (s) => decideScheduledAction(cmd, s),
      { metadata: eventMetadata(req) },
    );
    if (result.appended) await deps.waitForProjections(result.appended.position, READ_MODEL);
  };

  router.get(BASE, async (req, res) => {
    const query = parseQuery(ScheduledActionListQuery, req.query);
    const { total, rows } = await listScheduledActions(deps.db, {
      objectId: query.object_id,
      contentType: query.content_type,
      start: query.start,
      count: query.count,
    });
    res.json({
      metadata: { success: true },
      items: rows.map(toScheduledActionItem),
      total,
      count: query.count,
      start: query.start,
    });
  });

  router.get(`${BASE}:id/`, async (req, res) => {
    const row = await findScheduledAction(deps.db, idParam(req));
    if (!row) throw new NotFoundError();
    res.json({ metadata: { success: true }, ...toScheduledActionItem(row) });
  });

  router.post(BASE, async (req, res) => {
    const body = parseRequest(ScheduleActionRequest, req.body);
    const userId = await schedulingUser(deps.store, body.user, req.user!.id);
    await requireContentNode(deps.store, body.object_id!);
    const id = await allocateId(deps.db, "cmsactionevent");
    await command(req, id, {
      type: "Schedule",
      data: {
        id,
        objectId: body.object_id!,
        contentType: body.content_type,
        action: body.action,
        actionTime: body.action_time,
        userId,
        alertUser: body.alert_user,
        now: deps.clock(),
      },
    });
    res.json({ metadata: { success: true }, id });
  });

  router.put(`${BASE}:id/`, async (req, res) => {
    const id = idParam(req);
    const body = parseRequest(UpdateScheduledActionRequest, req.body);
    const userId = await schedulingUser(deps.store, body.user, req.user!.id);
    if (body.object_id !== undefined) await requireContentNode(deps.store, body.object_id);
    await command(req, id, {
      type: "Update",
      data: {
        action: body.action,
        actionTime: body.action_time,
        userId,
        alertUser: body.alert_user,
        objectId: body.object_id,
        now: deps.clock(),
      },
    });
    const row = await findScheduledAction(deps.db, id);
    res.json({ metadata: { success: true }, ...(row ? toScheduledActionItem(row) : { id }) });
  });

  router.delete(`${BASE}:id/`, async (req, res) => {
    const id = idParam(req);
    await command(req, id, { type: "Cancel", data: { now: deps.clock() } });
    res.json({ metadata: { success: true }, id });
  });

  return router;
}

function idParam(req: Request): number {
  const id = pathIdOf(req.params.id);
  if (id === null) throw new NotFoundError();
  return id;
}

// Both checks ask the log, not a read model that may lag: what they name is then always there.

/** The user told when it runs: the one named in the request if it exists, else whoever scheduled it. */
async function schedulingUser(store: EventStore, named: string | null | undefined, signedIn: string): Promise<string> {
  if (!named) return signedIn;
  if (!(await streamExists(store, userStream(named))))
    throw new InvalidRequestError(fieldMessage("user", `Unknown user "${named}".`));
  return named;
}

async function requireContentNode(store: EventStore, id: number | undefined): Promise<void> {
  if (id === undefined) throw new InvalidRequestError(fieldMessage("object_id", "This field is required."));
  if (!(await streamExists(store, contentNodeStream(id))))
    throw new UnknownRecordError(fieldMessage("object_id", `Content node ${id} does not exist.`));
}
