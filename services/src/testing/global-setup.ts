import type { TestProject } from "vitest/node";

// Tests pick the database: DATABASE_URL if set; else a testcontainers PostgreSQL if a Docker engine
// answers; else each test file uses an in-memory PGlite (see test-database.ts).
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("databaseUrl", process.env.DATABASE_URL);
    return;
  }
  try {
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
    const container = await new PostgreSqlContainer("postgres:16-alpine").start();
    project.provide("databaseUrl", container.getConnectionUri());
    return async () => {
      await container.stop();
    };
  } catch {
    project.provide("databaseUrl", "");
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
