import { sql, type Kysely } from "kysely";
import {
  contentNodeStream,
  scheduledActionStream,
  STATUS_AFTER_ACTION,
  WrongExpectedVersionError,
  type ContentAction,
  type EventMetadata,
  type EventStore,
  type ScheduledActionName,
} from "@shop/shared";
import { findUserById } from "@shop/projections";
import type { Logger } from "../platform/logger.ts";
import { decideScheduledAction, type ScheduledActionCommand } from "./decide.ts";
import { type CommandResult, type RetryPolicy, runCommand } from "../platform/command-handler.ts";
import { evolveScheduledAction, scheduledActionDecider, type ScheduledAction } from "./scheduled-action.ts";
import type { Database } from "@shop/projections";

/** The content feature's status change (POST /admin/content/contentnode/action/ runs the same). */
export type RunContentAction = (
  deps: { store: EventStore; clock: () => Date },
  input: { nodeId: number; action: ContentAction; by?: { id: string; name: string } | null },
  metadata: EventMetadata,
) => Promise<unknown>;

export interface ScheduledActionRunnerDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  log: Logger;
  runContentAction: RunContentAction;
}

const CONTENT_ACTION = { publish: "publish", archive: "archive", beta: "other" } as const satisfies Record<
  ScheduledActionName,
  ContentAction
>;

type Running = Extract<ScheduledAction, { status: "running" }>;

/** A cancel or a new time that lands while the runner works wins: the runner's append is refused. */
const RUN_RETRY: RetryPolicy = { onConflict: "refuse" };

export type RunOutcome = "ran" | "failed" | "skipped";

/**
 * Runs one due action. First it takes the action on its stream (ScheduledActionStarted, with the
 * stream's expected version): a cancel or a new time that landed after this runner read the action
 * makes that append fail, and the node is never touched. Then it changes the node and records the
 * outcome with the version it took; a failure is recorded as failed. A runner that dies between
 * the two leaves the action running; after RUN_STALE_AFTER_MS the next sweep takes it again. The
 * content action carries the action's stream as its causation id, so a runner that died after
 * changing the node is found out by the next one, which only records the run (never publishes twice).
 */
export async function runDueScheduledAction(deps: ScheduledActionRunnerDeps, id: number): Promise<RunOutcome> {
  const stream = scheduledActionStream(id);
  const now = deps.clock();
  let nodeName: string | null = null;
  // Who scheduled the action is known once it is read: `decide` fills it in before the append.
  const metadata: EventMetadata = { correlationId: stream, causationId: stream };
  let started: CommandResult<ScheduledAction>;
  try {
    started = await runCommand(
      deps.store,
      stream,
      scheduledActionDecider,
      RUN_RETRY,
      async (loaded, version) => {
        const start = version < 0 ? [] : decideScheduledAction({ type: "Start", data: { now } }, loaded);
        if (start.length === 0) return start;
        const { objectId, userId } = (start.reduce(evolveScheduledAction, loaded) as Running).action;
        // Read before taking the action: a database error here fails the sweep and leaves it pending.
        nodeName = await contentNodeName(deps.db, objectId);
        metadata.userId = userId;
        return start;
      },
      { metadata },
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return "skipped";
    throw error;
  }
  if (!started.appended) return "skipped";
  const state = started.state as Running;
  const version = started.version;
  const { objectId, action, userId } = state.action;

  let command: ScheduledActionCommand;
  try {
    if (!(await alreadyApplied(deps.store, objectId, stream))) {
      const by = userId ? await findUserById(deps.db, userId) : undefined;
      await deps.runContentAction(
        { store: deps.store, clock: deps.clock },
        { nodeId: objectId, action: CONTENT_ACTION[action], by: by ? { id: by.id, name: by.name } : null },
        metadata,
      );
    }
    command = {
      type: "RecordRun",
      data: {
        now,
        result: { nodeName: nodeName ?? `#${objectId}`, status: STATUS_AFTER_ACTION[CONTENT_ACTION[action]] },
      },
    };
  } catch (error) {
    deps.log.warn({ err: error, scheduledAction: id }, "scheduled action failed");
    command = {
      type: "RecordFailure",
      data: { now, nodeName, reason: error instanceof Error ? error.message : String(error) },
    };
  }
  try {
    await runCommand(
      deps.store,
      stream,
      scheduledActionDecider,
      RUN_RETRY,
      (fresh) => decideScheduledAction(command, fresh),
      { metadata, expectedVersion: version },
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return "skipped";
    throw error;
  }
  return command.type === "RecordRun" ? "ran" : "failed";
}

async function alreadyApplied(store: EventStore, nodeId: number, causationId: string): Promise<boolean> {
  const events = await store.readStream(contentNodeStream(nodeId));
  return events.some((e) => e.metadata.causationId === causationId);
}

/** A database error is not "no such node": it fails the sweep, which logs it and retries the action. */
async function contentNodeName(db: Kysely<Database>, id: number): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM content_nodes WHERE id = ${id}`.execute(db);
  return rows[0]?.name ?? null;
}
