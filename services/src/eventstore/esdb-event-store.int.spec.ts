import { describe } from "vitest";
import { runEventStoreContract } from "./event-store.contract.ts";
import { createEsdbEventStore } from "./esdb-event-store.ts";

// Runs against a real EventStoreDB/KurrentDB node, e.g. EVENTSTORE_URL=esdb://localhost:2113?tls=false.
const url = process.env.EVENTSTORE_URL ?? "";

describe.skipIf(!url)("EventStoreDB", () => {
  runEventStoreContract("EventStoreDB", async () => {
    const store = await createEsdbEventStore(url);
    return { store, cleanup: () => store.close() };
  });
});
