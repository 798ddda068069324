// Bundles the server (services/src/main.ts) and the operator CLI (services/src/ops/cli.ts) into
// services/dist/ with esbuild, when their sources (services/, shared/, projections/) are newer than
// the last bundle: node then runs plain JavaScript, with no TypeScript compiler at run time.
// Our own packages (@shop/*) are bundled; every other package stays an import from node_modules
// (PGlite loads its WASM from beside its own module, argon2 is a native addon, pino starts workers).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "services", "dist");

/** What `npm start` and `npm run ops` run. */
export const SERVICE_BUNDLES = { main: join(dist, "main.js"), ops: join(dist, "ops.js") };

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.endsWith(".spec.ts")) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function servicesAreStale() {
  const bundles = Object.values(SERVICE_BUNDLES);
  if (!bundles.every((file) => existsSync(file))) return true;
  const built = Math.min(...bundles.map((file) => statSync(file).mtimeMs));
  const sources = ["services", "shared", "projections"].map((ws) =>
    Math.max(newestSource(join(root, ws, "src")), statSync(join(root, ws, "package.json")).mtimeMs),
  );
  return built < Math.max(...sources);
}

const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@shop/") ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds the bundles if a source changed since (or always with `force`); resolves once they are in place. */
export async function buildServices({ force = false } = {}) {
  if (!force && !servicesAreStale()) return false;
  const esbuild = await import("esbuild"); // only when building: running the bundle needs no compiler
  // The server builds its own bundle when it is stale: esbuild's service (a child process and a 4 MB
  // read buffer in this one) must not stay for the server's life.
  const result = await esbuild
    .build({
      absWorkingDir: root,
      entryPoints: { main: "services/src/main.ts", ops: "services/src/ops/cli.ts" },
      outdir: dist,
      bundle: true,
      splitting: true, // the KurrentDB client (a dynamic import) loads only when EVENTSTORE_URL is set
      chunkNames: "chunk-[hash]",
      format: "esm",
      platform: "node",
      target: "node20",
      sourcemap: "linked",
      sourcesContent: false, // stack traces need the mappings only; the sources would sit in every server's heap
      plugins: [externalPackages],
      logLevel: "warning",
      write: false,
    })
    .finally(() => esbuild.stop());
  // Each file lands whole (write beside, then rename), entries last: a CLI started meanwhile, or a
  // second build racing this one, never loads half a file or an entry whose chunks are missing.
  mkdirSync(dist, { recursive: true });
  const entries = new Set(Object.values(SERVICE_BUNDLES).flatMap((file) => [file, `${file}.map`]));
  const files = [...result.outputFiles].sort((a, b) => Number(entries.has(a.path)) - Number(entries.has(b.path)));
  for (const file of files) {
    const temp = join(dirname(file.path), `.${basename(file.path)}.${process.pid}.tmp`);
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  const kept = new Set(files.map((f) => basename(f.path)));
  for (const name of readdirSync(dist))
    if (name.startsWith("chunk-") && !kept.has(name)) rmSync(join(dist, name), { force: true });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const built = await buildServices({ force: process.argv.includes("--force") });
  console.log(
    built ? `services/dist built in ${Math.round(performance.now() - started)} ms` : "services/dist is up to date",
  );
}
