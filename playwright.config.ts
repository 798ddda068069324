import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// One real server for the e2e run: PostgreSQL (a fresh schema) when DATABASE_URL is set, else PGlite
// in a temp folder; demo data on, so the demo staff login exists.
const port = Number(process.env.E2E_PORT ?? 4310);
// Playwright empties its output folder when a run starts: a run on a port of its own (E2E_PORT) keeps
// its results in a folder of its own, so parallel local runs do not wipe each other's. Without
// E2E_PORT it is test-results/ as before (scripts/test.mjs reads test-results/e2e-results.json).
const results = process.env.E2E_PORT ? `test-results/e2e-${port}` : "test-results";
const env: Record<string, string> = {
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: mkdtempSync(join(tmpdir(), "shop-e2e-")),
  DATABASE_URL: process.env.DATABASE_URL ?? "",
  // `npm test` names the schema (and drops it after the run); a run of its own gets a fresh one.
  DATABASE_SCHEMA: process.env.DATABASE_URL
    ? (process.env.E2E_DATABASE_SCHEMA ?? `e2e_${randomBytes(4).toString("hex")}`)
    : "public",
  DEMO_DATA: "true",
  LOG_LEVEL: "warn",
  SITE_URL: `http://127.0.0.1:${port}`,
  // On PostgreSQL no gateway is the default (cards refused): the e2e tests pay with the test cards.
  PAYMENT_GATEWAY: "test",
  // An answer that does not fit /api/openapi.json is a 500 that fails the page's test.
  API_ANSWER_CHECK: "strict",
  // Every test's browser comes from 127.0.0.1: the per-address abuse limits (new giveaway players, ...) times 100.
  RATE_LIMIT_MULTIPLIER: "100",
  NODE_ENV: "production", // as `npm start` runs it (scripts/serve.mjs): React's production server code
};

export default defineConfig({
  testDir: "e2e",
  outputDir: results,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: `${results}/e2e-results.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
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
  webServer: {
    command: "node --import tsx services/src/main.ts",
    url: `http://127.0.0.1:${port}/readyz`,
    env,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
