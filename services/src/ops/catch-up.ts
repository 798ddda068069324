import {
  allProjections,
  applyBatch,
  migrateCheckpoints,
  migrateProjection,
  ProjectorError,
  readCheckpoint,
  recordFailure,
} from "@shop/projections";
import { START } from "@shop/shared";
import { PROJECTION_LEADER_LOCK } from "../platform/leader-lock.ts";
import type { OpsContext } from "./ops-context.ts";

/** Applies new events to the read models when no server is doing it, so the CLI's writes show at once. */
export async function catchUpIfNoServer(ctx: OpsContext): Promise<void> {
  const lock = await ctx.database.tryAdvisoryLock(PROJECTION_LEADER_LOCK);
  if (!lock) return;
  try {
    await migrateCheckpoints(ctx.database.db);
    for (const projection of allProjections) {
      await migrateProjection(ctx.database.db, projection);
      let position = (await readCheckpoint(ctx.database.db, projection.name))?.position ?? START;
      try {
        for (;;) {
          const events = await ctx.store.readAll(position, { limit: 1000 });
          if (events.length === 0) break;
          await applyBatch(ctx.database.db, projection, events);
          position = events[events.length - 1].position;
        }
      } catch (error) {
        // A read model that cannot take an event stops alone, as in the server; `projections` shows it.
        if (!(error instanceof ProjectorError)) throw error;
        await recordFailure(ctx.database.db, projection.version, error.toFailure());
      }
    }
  } finally {
    await lock.release();
  }
}
