import type { EventMetadata } from "@shop/shared";

/** An event already in the log when the scenario starts. Ids in it are the test's own: counters still start at 1. */
export interface GivenEvent {
  streamId: string;
  type: string;
  data: unknown;
  metadata?: EventMetadata;
  schemaVersion?: number;
}
