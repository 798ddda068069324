import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildServices, SERVICE_BUNDLES, servicesAreStale } from "../../../scripts/build-services.mjs";
import { REPO_ROOT } from "../server.ts";
import { runOps } from "./ops-cli-kit.ts";
import { USAGE } from "./usage.ts";

describe("core hardening 14: the operator CLI and the server run as compiled JavaScript", () => {
  it("npm run ops, npm start and the Docker image run the bundles, not TypeScript through tsx", () => {
    const scripts = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).scripts;
    expect(scripts.ops).toBe("node scripts/ops.mjs");
    expect(scripts.start).toMatch(/(^| )node scripts\/start\.mjs$/); // after its environment (production-image spec)
    expect(scripts.build).toContain("node scripts/build-services.mjs");
    for (const file of [
      "scripts/ops.mjs",
      "scripts/start.mjs",
      "scripts/serve.mjs",
      "Dockerfile",
      "docker-compose.yml",
    ]) {
      const runsTypeScript = /--import["', ]+tsx|\btsx\s+\S+\.ts\b|src\/main\.ts|ops\/cli\.ts/;
      expect([file, runsTypeScript.test(readFileSync(join(REPO_ROOT, file), "utf8"))]).toEqual([file, false]);
    }
    expect(readFileSync(join(REPO_ROOT, "Dockerfile"), "utf8")).toContain('CMD ["node", "services/dist/main.js"]');
    // `npm start` runs the libraries (React's page renderer among them) in production mode, as the image does.
    expect(readFileSync(join(REPO_ROOT, "scripts/serve.mjs"), "utf8")).toContain(
      'process.env.NODE_ENV ??= "production"',
    );
  });

  it("the CLI runs from services/dist/ops.js with plain node, and the bundles import no TypeScript", {
    timeout: 60_000,
  }, async () => {
    await buildServices();
    const help = spawnSync(process.execPath, [SERVICE_BUNDLES.ops, "help"], {
      env: { ...process.env, NODE_OPTIONS: "" },
      encoding: "utf8",
    });
    expect([help.status, help.stdout]).toEqual([0, `${USAGE}\n`]);
    const dist = join(REPO_ROOT, "services", "dist");
    for (const name of readdirSync(dist).filter((n) => n.endsWith(".js"))) {
      const code = readFileSync(join(dist, name), "utf8");
      expect([name, code.match(/(from|import\()\s*["'][^"']+\.ts["']/g)]).toEqual([name, null]);
    }
  });

  it("npm run ops bundles again when a source changed since the last build", { timeout: 60_000 }, async () => {
    await buildServices();
    expect(servicesAreStale()).toBe(false);
    const source = join(REPO_ROOT, "services", "src", "ops", "usage.ts");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const edited = new Date(); // as if saved just now: newer than the bundle
    utimesSync(source, edited, edited);
    expect(servicesAreStale()).toBe(true);
    const help = await runOps(process.env, ["help"]);
    expect(help.code).toBe(0);
    expect(servicesAreStale()).toBe(false);
    expect(statSync(SERVICE_BUNDLES.ops).mtimeMs).toBeGreaterThanOrEqual(edited.getTime());
  });
});
