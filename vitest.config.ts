import { defineConfig } from "vitest/config";

// Two cores: two workers keep PGlite instances (about 0.5 GB each) and PostgreSQL schemas modest.
export default defineConfig({
  test: {
    include: [
      "shared/src/**/*.spec.ts",
      "projections/src/**/*.spec.ts",
      "services/src/**/*.spec.ts",
      "admin/src/**/*.unit.spec.ts",
      "web/src/**/*.unit.spec.ts",
    ],
    pool: "forks",
    maxWorkers: 2,
    globalSetup: ["services/src/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
