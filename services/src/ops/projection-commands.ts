import { SingleBar } from "cli-progress";
import { sql } from "kysely";
import { allProjections, migrateCheckpoints, rebuildProjection, readCheckpoints, type Projection } from "@shop/projections";
import { comparePositions } from "@shop/shared";
import { PROJECTION_LEADER_LOCK } from "../platform/leader-lock.ts";
import { OpsError, type OpsContext } from "./ops-context.ts";

async function countEvents(ctx: OpsContext): Promise<number | null> {
  if (ctx.store.kind === "eventstoredb") return null;
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM events`.execute(ctx.database.db);
  return Number(rows[0].n);
}

/** Which read models `replay` rebuilds: one by name, or all. */
export function checkReplayOptions(options: { projection?: string; all?: boolean }): { chosen: Projection[] } {
  if (!options.all && !options.projection) throw new OpsError("replay needs --projection NAME or --all", 2);
  if (!options.projection) return { chosen: allProjections };
  const found = allProjections.find((p) => p.name === options.projection);
  if (!found) throw new OpsError(`Unknown projection '${options.projection}'. Known: ${allProjections.map((p) => p.name).join(", ")}`, 2);
  return { chosen: [found] };
}

/** `replay [--projection NAME | --all]`: drops and rebuilds read models from position 0, with a progress bar. */
export async function replay(ctx: OpsContext, { chosen }: { chosen: Projection[] }, out: NodeJS.WriteStream = process.stdout): Promise<string> {
  const lock = await ctx.database.tryAdvisoryLock(PROJECTION_LEADER_LOCK);
  if (!lock) throw new OpsError("A server is projecting on this database (it holds the projection leader lock). Stop it, then run replay again.");
  try {
    await migrateCheckpoints(ctx.database.db);
    const total = await countEvents(ctx);
    const lines: string[] = [];
    for (const projection of chosen) {
      const bar = new SingleBar({ format: `${projection.name.padEnd(16)} [{bar}] {value}/{total} events  {rate} ev/s`, stream: out, hideCursor: true, noTTYOutput: !out.isTTY, notTTYSchedule: 1000 }, undefined);
      const started = performance.now();
      bar.start(total ?? 0, 0, { rate: 0 });
      const applied = await rebuildProjection({
        db: ctx.database.db,
        store: ctx.store,
        projection,
        onProgress: ({ applied }) => {
          const seconds = (performance.now() - started) / 1000;
          if (total === null || applied > total) bar.setTotal(applied);
          bar.update(applied, { rate: Math.round(applied / Math.max(seconds, 0.001)) });
        },
      });
      const seconds = (performance.now() - started) / 1000;
      bar.update(applied, { rate: Math.round(applied / Math.max(seconds, 0.001)) });
      bar.stop();
      lines.push(`${projection.name}: replayed ${applied} events in ${seconds.toFixed(2)} s (${Math.round(applied / Math.max(seconds, 0.001))} events/s)`);
    }
    return lines.join("\n");
  } finally {
    await lock.release();
  }
}

/** `projections`: each read model's position and how many events it is behind the log. */
export async function projectionStatus(ctx: OpsContext): Promise<string> {
  await migrateCheckpoints(ctx.database.db);
  const checkpoints = await readCheckpoints(ctx.database.db);
  const head = await ctx.store.head();
  const rows = [["projection", "version", "position", "behind (events)", "updated"]];
  for (const p of allProjections) {
    const c = checkpoints.find((x) => x.name === p.name);
    let behind = "?";
    if (ctx.store.kind !== "eventstoredb") {
      const major = (c?.position.major ?? 0n).toString();
      const minor = (c?.position.minor ?? 0n).toString();
      const { rows: r } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM events
        WHERE (transaction_id, global_position) > (${major}::xid8, ${minor}::bigint)`.execute(ctx.database.db);
      behind = r[0].n;
    } else if (c) {
      behind = comparePositions(c.position, head) >= 0 ? "0" : ">0";
    }
    rows.push([p.name, String(c?.version ?? p.version), c ? String(c.position.minor) : "never run", behind, c ? c.updatedAt.toISOString() : "-"]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i])).join("  ")).join("\n");
}
