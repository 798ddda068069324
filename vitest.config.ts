import { defineConfig } from "vitest/config";

// Two cores: two workers keep PGlite instances (about 0.5 GB each) and PostgreSQL schemas modest.
export default defineConfig({
  test: {
    include: [
      "shared/src/**/*.spec.ts",
      "projections/src/**/*.spec.ts",
      "services/src/**/*.spec.ts",
      "bench/**/*.spec.ts",
      "admin/src/**/*.unit.spec.ts",
      "web/src/**/*.unit.spec.ts",
    ],
    pool: "forks",
    maxWorkers: 2,
    // Files share their worker's module cache: the app's module graph is loaded once per worker, not
    // once per file (import time summed over the suite: 241 s → 18 s; wall time 576 s → 384 s). Safe
    // here because each test file opens its own database, schema or data folder and closes it, no spec
    // changes module state for good, and the few vi.mock users restore what they mock.
    isolate: false,
    globalSetup: ["services/src/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
