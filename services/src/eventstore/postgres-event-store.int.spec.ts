import { describe } from "vitest";
import { openTestDatabase, testDatabaseUrl } from "../testing/test-database.ts";
import { runEventStoreContract } from "./event-store.contract.ts";
import { createPostgresEventStore } from "./postgres-event-store.ts";

async function storeOn(options: { pglite: boolean }) {
  const database = await openTestDatabase(options);
  const store = await createPostgresEventStore(database);
  return {
    store,
    async cleanup() {
      await store.close();
      await database.drop();
    },
  };
}

describe("PGlite", () => {
  runEventStoreContract("PGlite", () => storeOn({ pglite: true }));
});

describe.skipIf(!testDatabaseUrl())("PostgreSQL", () => {
  runEventStoreContract("PostgreSQL", () => storeOn({ pglite: false }));
});
