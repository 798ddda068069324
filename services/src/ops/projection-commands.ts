import { SingleBar } from "cli-progress";
import { sql } from "kysely";
import {
  allProjections,
  migrateCheckpoints,
  rebuildProjections,
  readCheckpoints,
  REPLAY_BATCHES,
  type Projection,
} from "@shop/projections";
import { comparePositions } from "@shop/shared";
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
  if (!found)
    throw new OpsError(
      `Unknown projection '${options.projection}'. Known: ${allProjections.map((p) => p.name).join(", ")}`,
      2,
    );
  return { chosen: [found] };
}

/**
 * `replay [--projection NAME | --all]`: rebuilds read models from position 0 into new tables, reading
 * the log once for all of them, with a progress bar, and swaps each in when complete. Servers keep
 * serving (and projecting) meanwhile: readers see the old rows until the swap. A read model stopped on
 * a failure is cleared by a replay that gets through, and the leader then projects it again.
 */
export async function replay(
  ctx: OpsContext,
  { chosen }: { chosen: Projection[] },
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): Promise<string> {
  await migrateCheckpoints(ctx.database.db);
  const total = await countEvents(ctx);
  const label = chosen.length === 1 ? chosen[0].name : `${chosen.length} read models`;
  const bar = new SingleBar(
    {
      format: `${label.padEnd(16)} [{bar}] {value}/{total} events  {rate} ev/s`,
      stream: out,
      hideCursor: true,
      noTTYOutput: !out.isTTY,
      notTTYSchedule: 1000,
    },
    undefined,
  );
  const started = performance.now();
  const rate = (n: number) => Math.round(n / Math.max((performance.now() - started) / 1000, 0.001));
  bar.start(total ?? 0, 0, { rate: 0 });
  const results = await rebuildProjections({
    db: ctx.database.db,
    store: ctx.store,
    projections: chosen,
    ...REPLAY_BATCHES,
    onProgress: ({ applied }) => {
      if (total === null || applied > total) bar.setTotal(applied);
      bar.update(applied, { rate: rate(applied) });
    },
  }).finally(() => bar.stop());
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const lines = results.map((r) =>
    r.failure
      ? `${r.projection}: FAILED, kept the old tables: ${r.failure.message}`
      : `${r.projection}: replayed ${r.applied} events in ${seconds} s (${rate(r.applied)} events/s)`,
  );
  const failed = results.filter((r) => r.failure);
  if (failed.length > 0) throw new OpsError(lines.join("\n"));
  if (results.length > 1)
    lines.push(
      `time in each read model's batches (from its turn to its COMMIT, waits excluded): ${[...results]
        .sort((a, b) => b.applyMs - a.applyMs)
        .map((r) => `${r.projection} ${(r.applyMs / 1000).toFixed(1)} s`)
        .join(", ")}`,
    );
  return lines.join("\n");
}

/** `projections`: each read model's position, how many events it is behind the log, and whether it is stopped on a failure. */
export async function projectionStatus(ctx: OpsContext): Promise<string> {
  await migrateCheckpoints(ctx.database.db);
  const checkpoints = await readCheckpoints(ctx.database.db);
  const head = await ctx.store.head();
  const rows = [["projection", "version", "position", "behind (events)", "updated", "status"]];
  const failures: string[] = [];
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
    const f = c?.failure;
    rows.push([
      p.name,
      String(c?.version ?? p.version),
      c ? String(c.position.minor) : "never run",
      behind,
      c ? c.updatedAt.toISOString() : "-",
      f ? "failed" : behind === "0" ? "ok" : "behind",
    ]);
    if (f)
      failures.push(
        `${p.name} failed at global position ${f.globalPosition} (log ${f.position}), stream ${f.stream}, type ${f.type}, ${f.failedAt}: ${f.error}`,
      );
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const table = rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]))
      .join("  ")
      .trimEnd(),
  );
  if (failures.length > 0)
    table.push(
      "",
      ...failures,
      `After a fix: npm run ops -- replay --projection NAME (or restart the server to retry).`,
    );
  return table.join("\n");
}
