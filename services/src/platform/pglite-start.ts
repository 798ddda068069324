import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";

/**
 * PGlite's own start parameters plus a smaller buffer pool. PostgreSQL's default shared_buffers
 * (128MB) lives inside PGlite's WASM memory and stays resident once touched; 16MB holds this app's
 * hot tables and brings the idle server from about 400 to about 250 MiB (bench/memory.ts).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * Opens PGlite in `dataDir` (a folder) or in memory, with the start parameters above. A new
 * cluster is created by initdb in a short-lived child process: initdb runs a second WASM instance
 * whose memory (about 450 MiB) Node never gives back, so doing it in-process would keep a freshly
 * started server at 800+ MiB for the rest of its life.
 */
export async function startPglite(dataDir?: string, freshCluster?: Blob): Promise<PGlite> {
  if (dataDir) {
    if (!existsSync(join(dataDir, "PG_VERSION"))) await inChildProcess("initdb", dataDir);
    const pglite = new PGlite(dataDir, { startParams: PGLITE_START_PARAMS });
    await pglite.waitReady;
    return pglite;
  }
  // In memory: a fresh cluster as a tar (the caller's, or dumped by the child), loaded without running initdb.
  let loadDataDir = freshCluster;
  if (!loadDataDir) {
    const work = mkdtempSync(join(tmpdir(), "pglite-initdb-"));
    try {
      const tar = join(work, "cluster.tar");
      await dumpFreshCluster(tar);
      loadDataDir = new Blob([readFileSync(tar)]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const pglite = new PGlite({ loadDataDir, startParams: PGLITE_START_PARAMS });
  await pglite.waitReady;
  return pglite;
}

/** Writes a tar of a freshly initialised cluster to `file`, made by initdb in a child process. */
export function dumpFreshCluster(file: string): Promise<void> {
  return inChildProcess("dump", file);
}

// Plain CommonJS run by `node -e`: no TypeScript loader needed in the child.
const CHILD_SCRIPT = `
const { writeFileSync } = require("node:fs");
const { PGlite } = require(process.argv[1]);
const [mode, target, params] = process.argv.slice(2);
(async () => {
  const startParams = JSON.parse(params);
  const pglite = mode === "initdb" ? new PGlite(target, { startParams }) : new PGlite({ startParams });
  await pglite.waitReady;
  if (mode === "dump") writeFileSync(target, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  await pglite.close();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

async function inChildProcess(mode: "initdb" | "dump", target: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  await promisify(execFile)(
    process.execPath,
    ["-e", CHILD_SCRIPT, entry, mode, target, JSON.stringify(PGLITE_START_PARAMS)],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}
