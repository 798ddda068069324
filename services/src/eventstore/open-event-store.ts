import type { EventStore } from "@shop/shared";
import { createEventRegistry } from "../event-registry.ts";
import type { Config } from "../platform/config.ts";
import type { DatabaseConnection } from "../platform/database.ts";
import { createPostgresEventStore } from "./postgres-event-store.ts";

/** The event log of the server and the ops CLI: KurrentDB when EVENTSTORE_URL is set (scale-out), else the app's own database. */
export async function openEventStore(
  config: Pick<Config, "EVENTSTORE_URL">,
  database: DatabaseConnection,
): Promise<EventStore> {
  const codec = createEventRegistry();
  if (config.EVENTSTORE_URL) {
    // Loaded only when asked for: the gRPC client is heavy and the embedded mode never needs it.
    const { createEsdbEventStore } = await import("./esdb-event-store.ts");
    return createEsdbEventStore(config.EVENTSTORE_URL, codec);
  }
  return createPostgresEventStore(database, codec);
}
