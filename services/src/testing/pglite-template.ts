import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { dumpFreshCluster, PGLITE_START_PARAMS } from "../platform/pglite-start.ts";

// A new PGlite runs initdb, which takes 3 s on an idle machine and 10 to 20 s on a busy one;
// loading a dump of a freshly initialised data folder takes a fraction of that. The dump is made
// once and kept in node_modules/.cache (keyed by the PGlite version), for every later run.
const CACHE = join(fileURLToPath(import.meta.url), "..", "..", "..", "..", "node_modules", ".cache", "shop-tests");

const PGLITE_MAIN = createRequire(import.meta.url).resolve("@electric-sql/pglite");
const VERSION: string = JSON.parse(readFileSync(join(dirname(PGLITE_MAIN), "..", "package.json"), "utf8")).version;

let template: Promise<Blob> | null = null;

/** A tarball of an empty PGlite data folder, for `new PGlite({ loadDataDir })`. */
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = join(CACHE, `pglite-${VERSION}-empty.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    mkdirSync(CACHE, { recursive: true });
    // Made in a child process: initdb's WASM memory (about 450 MiB) is never given back to Node.
    // Written aside, then renamed: a worker making it at the same time never reads half a file.
    const partial = `${file}.${process.pid}`;
    await dumpFreshCluster(partial);
    renameSync(partial, file);
    return new Blob([readFileSync(file)]);
  })();
  return template;
}

/** An in-memory PGlite, started from the template with the app's start parameters. */
export async function openPgliteFromTemplate(): Promise<PGlite> {
  const pglite = new PGlite({ loadDataDir: await pgliteTemplate(), startParams: PGLITE_START_PARAMS });
  await pglite.waitReady;
  return pglite;
}
