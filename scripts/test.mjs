// `npm test`: lint and format check (Biome), unit and integration tests (vitest), then browser tests
// (Playwright + Chromium). Uses PostgreSQL when DATABASE_URL is set, else PGlite.
// Ends with one line: 'N passed, M failed' (tests of both runners; a Biome finding counts as one failure).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildFrontEnds } from "./build-front-ends.mjs";

const root = new URL("..", import.meta.url).pathname;
const results = join(root, "test-results");
mkdirSync(results, { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, NO_COLOR: "1", ...env } }).status;

let passed = 0;
let failed = 0;
// The suite runs on the Node of package.json's devDependencies (Node 24 LTS from the npm registry, put first
// on PATH by npm): say which, so a log shows what the figures were measured on.
console.log(`Node ${process.version} (${process.execPath})`);

// 0. Biome: the tests still run, so one pass shows everything, but the run fails.
const biomeFailed = run("npx", ["biome", "check", "."]) !== 0;
if (biomeFailed) {
  console.error("\nBiome check failed (see above): fix it, or run `npx biome check --write .` for the formatting.\n");
  failed += 1;
}

// 1. vitest
const vitestJson = join(results, "vitest-results.json");
rmSync(vitestJson, { force: true });
const failedBeforeVitest = failed;
const vitestStatus = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, "utf8"));
  passed += report.numPassedTests;
  // A file that fails to load has no failed test of its own: count it once.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed"),
  ).length;
  failed += report.numFailedTests + brokenFiles;
} else {
  failed += 1;
}
if (vitestStatus !== 0 && failed === failedBeforeVitest) failed += 1;

// 2. Playwright, against the built front ends
const browser = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (process.env.SKIP_E2E === "1") {
  console.log("SKIP_E2E=1: browser tests not run.");
} else if (!existsSync(browser)) {
  console.error(
    `No Chromium at ${browser}: install it (apt-get install chromium) or set CHROMIUM_PATH. Counting the browser suite as failed.`,
  );
  failed += 1;
} else {
  buildFrontEnds();
  const e2eJson = join(results, "e2e-results.json");
  rmSync(e2eJson, { force: true });
  const failedBeforeE2e = failed;
  // On PostgreSQL each of the browser tests' servers works in a schema of its own (the prefix, then
  // `_0`, `_1`: playwright.config.ts), dropped once they are done (the servers have stopped by then),
  // so runs do not leave a copy of the demo site behind each time.
  const e2eSchema = process.env.DATABASE_URL ? `e2e_${randomBytes(4).toString("hex")}` : "";
  const e2eStatus = run("npx", ["playwright", "test"], e2eSchema ? { E2E_DATABASE_SCHEMA: e2eSchema } : {});
  if (e2eSchema) await dropSchemas(e2eSchema);
  if (existsSync(e2eJson)) {
    const stats = JSON.parse(readFileSync(e2eJson, "utf8")).stats;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  } else {
    failed += 1;
  }
  if (e2eStatus !== 0 && failed === failedBeforeE2e) failed += 1;
}

if (biomeFailed) console.error("Biome check failed: counted as 1 failure.");

/** Drops the schemas named `{prefix}_…`. A failed drop is reported, never counted: the tests' results stand. */
async function dropSchemas(prefix) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query("SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)", [
      `${prefix}_`,
    ]);
    for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS ${nspname} CASCADE`);
  } catch (error) {
    console.error(`The browser tests' schemas ${prefix}_… were not dropped: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
