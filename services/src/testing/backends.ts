import { testDatabaseUrl } from "./test-database.ts";

/** The databases a suite runs on: PGlite always, PostgreSQL too when the tests have one. */
export function testBackends(): Array<{ name: string; pglite: boolean }> {
  return testDatabaseUrl()
    ? [
        { name: "PostgreSQL", pglite: false },
        { name: "PGlite", pglite: true },
      ]
    : [{ name: "PGlite", pglite: true }];
}
