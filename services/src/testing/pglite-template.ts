import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

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
    const fresh = new PGlite();
    const dump = await fresh.dumpDataDir("none");
    await fresh.close();
    mkdirSync(CACHE, { recursive: true });
    // Written aside, then renamed: a worker making it at the same time never reads half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return template;
}

/** An in-memory PGlite, started from the template. */
export async function openPgliteFromTemplate(): Promise<PGlite> {
  const pglite = new PGlite({ loadDataDir: await pgliteTemplate() });
  await pglite.waitReady;
  return pglite;
}
