import type { EventStore } from "@shop/shared";
import type { DatabaseConnection } from "../platform/database.ts";
import { createPostgresEventStore, type EventCodec } from "./postgres-event-store.ts";

/** EventStoreDB/KurrentDB when a url is given (scale-out), else the event log in the app's own database. */
export async function openEventStore(options: {
  database: DatabaseConnection;
  eventstoreUrl?: string;
  codec: EventCodec;
}): Promise<EventStore> {
  if (options.eventstoreUrl) {
    // Loaded only when asked for: the gRPC client is heavy and the embedded mode never needs it.
    const { createEsdbEventStore } = await import("./esdb-event-store.ts");
    return createEsdbEventStore(options.eventstoreUrl, options.codec);
  }
  return createPostgresEventStore(options.database, options.codec);
}
