// Builds web/ and admin/ when their sources (or shared/) are newer than their last build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name === "dist-server") continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function buildFrontEnds() {
  for (const app of ["web", "admin"]) {
    const dist = join(root, app, "dist", "index.html");
    // The storefront's build includes its server renderer (web/dist-server), which older builds lack.
    const stale =
      !existsSync(dist) ||
      (app === "web" && !existsSync(join(root, app, "dist-server", "entry-server.js"))) ||
      statSync(dist).mtimeMs < Math.max(newestMtime(join(root, app)), newestMtime(join(root, "shared", "src")));
    if (!stale) continue;
    console.log(`Building ${app}...`);
    const built = spawnSync("npm", ["run", "build", "-w", app], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    if (built.status !== 0) {
      console.error(`Building ${app} failed.`);
      process.exit(built.status ?? 1);
    }
  }
}
