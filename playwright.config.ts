import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// One real server per worker: PostgreSQL (a fresh schema each) when DATABASE_URL is set, else PGlite
// in a temp folder; demo data on, so the demo staff login exists. A worker's tests talk only to its
// own server (port E2E_PORT + its parallel index), so two workers share no record, lock or limit and
// each file sees the demo shop as it would alone. One worker by default: E2E_WORKERS=2 runs two (see
// docs/testing.md for what is known of it); `--workers` alone would not start the second server.
const port = Number(process.env.E2E_PORT ?? 4310);
const workers = Number(process.env.E2E_WORKERS ?? 1);
// Set by Playwright in a worker process (the config is read there too); unset in the runner. With more
// workers than servers (`--workers=2` alone) the extra workers share the first server, as before.
const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % workers;
// Playwright empties its output folder when a run starts: a run on a port of its own (E2E_PORT) keeps
// its results in a folder of its own, so parallel local runs do not wipe each other's. Without
// E2E_PORT it is test-results/ as before (scripts/test.mjs reads test-results/e2e-results.json).
const results = process.env.E2E_PORT ? `test-results/e2e-${port}` : "test-results";
// `npm test` names the schemas' prefix (and drops them after the run); a run of its own gets a fresh one.
const schemaPrefix = process.env.E2E_DATABASE_SCHEMA ?? `e2e_${randomBytes(4).toString("hex")}`;
const serverEnv = (index: number): Record<string, string> => ({
  PORT: String(port + index),
  HOST: "127.0.0.1",
  DATA_DIR: mkdtempSync(join(tmpdir(), "shop-e2e-")),
  DATABASE_URL: process.env.DATABASE_URL ?? "",
  DATABASE_SCHEMA: process.env.DATABASE_URL ? `${schemaPrefix}_${index}` : "public",
  DEMO_DATA: "true",
  LOG_LEVEL: "warn",
  SITE_URL: `http://127.0.0.1:${port + index}`,
  // On PostgreSQL no gateway is the default (cards refused): the e2e tests pay with the test cards.
  PAYMENT_GATEWAY: "test",
  // An answer that does not fit /api/openapi.json is a 500 that fails the page's test.
  API_ANSWER_CHECK: "strict",
  // Every test's browser comes from 127.0.0.1: the per-address abuse limits (new giveaway players, ...) times 100.
  RATE_LIMIT_MULTIPLIER: "100",
  NODE_ENV: "production", // as `npm start` runs it (scripts/serve.mjs): React's production server code
});

export default defineConfig({
  testDir: "e2e",
  outputDir: results,
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: `${results}/e2e-results.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port + worker}`,
    screenshot: "only-on-failure",
    // The trace's screencast (a JPEG of every frame) cost about a sixth of the suite's CPU; a failed
    // test keeps its DOM snapshots, network and log, and the failure screenshot above.
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: "node --import tsx services/src/main.ts",
    url: `http://127.0.0.1:${port + index}/readyz`,
    env: serverEnv(index),
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
