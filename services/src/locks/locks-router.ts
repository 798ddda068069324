import express, { Router, type Request, type Response } from "express";
import type { Kysely } from "kysely";
import {
  AUTOMATIC_LOCK_REASON,
  comparePositions,
  LOCK_REASONS,
  LookupLocksRequest,
  RecordLockQuery,
  ReleaseLocksRequest,
  TakeLocksRequest,
  type EventStore,
  type LockActor,
  type LockLookupItem,
  type LogPosition,
  type RecordLock,
  RecordLockedError,
} from "@shop/shared";
import { findRecordLock, findRecordLocks, type RecordLocksTable } from "@shop/projections";
import { domainErrorAnswer } from "../platform/http/error-answers.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseQuery, parseRequest, ValidationError } from "../platform/http/validate.ts";
import { runLockCommand } from "./lock-commands.ts";
import { toRecordLock, type RecordLockState } from "./record-lock.ts";
import type { Database } from "@shop/projections";

export interface LocksRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  /** Read-your-writes: resolves once the named read models have applied `position`. */
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

const LOCKS_URL = "/admin/base/record-locks/";
const READ_MODELS = ["record_locks"];

interface Outcome {
  app: string;
  model: string;
  id: number;
  /** The lock now on the record: ours when taken or released, the holder's when refused. */
  lock: RecordLock | null;
  refused: boolean;
}

/** Record locks (back-office §7): take, release/kick off, check, look up many, and the reasons list. Staff only (app.ts). */
export function makeLocksRouter(deps: LocksRouterDeps): Router {
  const router = Router();
  const actor = (req: Request): LockActor => ({ id: req.user!.id, name: req.user!.name });

  router.get("/admin/base/record-lock-reasons/", (_req, res) => {
    res.json({
      metadata: { success: true },
      items: LOCK_REASONS,
      total: LOCK_REASONS.length,
      count: LOCK_REASONS.length,
      start: 0,
    });
  });

  router.get(LOCKS_URL, async (req, res) => {
    const key = parseQuery(RecordLockQuery, req.query);
    const row = await findRecordLock(deps.db, key);
    res.json({ metadata: { success: true }, lock: row ? rowToLock(row) : null });
  });

  router.post(LOCKS_URL, async (req, res) => {
    if (req.query.action === "lookup") return lookup(req, res);
    if (req.query.action !== undefined)
      throw new ValidationError(["action: Unknown action; use action=lookup or none."]);
    const body = parseRequest(TakeLocksRequest, req.body);
    const user = actor(req);
    const outcomes = await forEachRecord(body.objs, async (obj) => {
      const reason = obj.reason ?? body.reason ?? AUTOMATIC_LOCK_REASON;
      const autoCreated = reason === AUTOMATIC_LOCK_REASON || obj.isAuto === true;
      const comment = obj.comment ?? body.comment ?? "";
      const now = deps.clock();
      return runLockCommand(
        deps.store,
        {
          type: "TakeLock",
          data: { app: obj.app, model: obj.model, id: obj.id, user, reason, comment, autoCreated, now },
        },
        eventMetadata(req),
      );
    });
    answer(res, outcomes, (o) => o.lock);
  });

  // The page-unload release may come as a keepalive fetch or a beacon whose JSON body is typed text/plain.
  router.delete(LOCKS_URL, express.json({ type: "text/plain", limit: "1mb" }), async (req, res) => {
    const body = parseRequest(ReleaseLocksRequest, req.body);
    const by = actor(req);
    const outcomes = await forEachRecord(body.objs, (obj) =>
      runLockCommand(
        deps.store,
        {
          type: "ReleaseLock",
          data: { app: obj.app, model: obj.model, id: obj.id, by, force: body.force_unlock, now: deps.clock() },
        },
        eventMetadata(req),
      ),
    );
    answer(res, outcomes, () => null);
  });

  async function lookup(req: Request, res: Response) {
    const body = parseRequest(LookupLocksRequest, req.body);
    const rows = await findRecordLocks(deps.db, body.objs);
    const byKey = new Map(rows.map((r) => [`${r.app}.${r.model}.${r.id}`, r]));
    const seen = new Set<string>();
    const locks: LockLookupItem[] = [];
    for (const obj of body.objs) {
      const key = `${obj.app}.${obj.model}.${obj.id}`;
      const row = byKey.get(key);
      if (seen.has(key)) continue;
      seen.add(key);
      if (!row) {
        const unlocked = { hasLock: false, user: null, reason: null, comment: "", autoCreated: false } as const;
        locks.push({ app: obj.app, model: obj.model, id: obj.id, ...unlocked });
        continue;
      }
      locks.push({
        app: row.app,
        model: row.model,
        id: row.id,
        hasLock: row.user_id === req.user!.id,
        ...rowToLock(row),
      });
    }
    res.json({ metadata: { success: true }, locks });
  }

  /**
   * Runs the command for each record in order (a record named twice counts once), then waits for
   * the read model to show every write. A refusal on one record does not undo the others.
   */
  async function forEachRecord<O extends { app: string; model: string; id: number }>(
    objs: O[],
    run: (obj: O) => Promise<{ state: RecordLockState; appended?: { position: LogPosition } }>,
  ): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    const seen = new Set<string>();
    let last: LogPosition | null = null;
    for (const obj of objs) {
      const key = `${obj.app}.${obj.model}.${obj.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const { app, model, id } = obj;
      try {
        const result = await run(obj);
        if (result.appended && (!last || comparePositions(result.appended.position, last) > 0))
          last = result.appended.position;
        outcomes.push({
          app,
          model,
          id,
          lock: result.state.status === "held" ? toRecordLock(result.state.lock) : null,
          refused: false,
        });
      } catch (error) {
        if (!(error instanceof RecordLockedError)) throw error;
        outcomes.push({ app, model, id, lock: error.lock, refused: true });
      }
    }
    if (last) await deps.waitForProjections(last, READ_MODELS);
    return outcomes;
  }

  return router;
}

/**
 * One record: `{metadata, lock}`. Several: the same, with `lock` the first refused record's holder
 * (or the first record's lock) and `locks` listing each record's outcome. Any refusal answers 409
 * with 'Object is already locked!' and the holder, so the page can offer to kick them off.
 */
function answer(res: Response, outcomes: Outcome[], lockWhenDone: (o: Outcome) => RecordLock | null) {
  const refused = outcomes.find((o) => o.refused);
  const lock = refused ? refused.lock : lockWhenDone(outcomes[0]);
  const locks =
    outcomes.length > 1
      ? { locks: outcomes.map(({ app, model, id, lock, refused }) => ({ app, model, id, lock, success: !refused })) }
      : {};
  if (!refused?.lock) return res.json({ metadata: { success: true }, lock, ...locks });
  const { status, body } = domainErrorAnswer(new RecordLockedError(refused.lock))!;
  res.status(status).json({ ...body, ...locks });
}

function rowToLock(
  row: Pick<RecordLocksTable, "user_id" | "user_name" | "reason" | "comment" | "auto_created">,
): RecordLock {
  return toRecordLock({
    user: { id: row.user_id, name: row.user_name },
    reason: row.reason,
    comment: row.comment,
    autoCreated: row.auto_created,
  });
}
