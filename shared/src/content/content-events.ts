import {
  contentNodeEvents,
  keywordEvents,
  NodeParentChangeClaimed,
  PendingRewriteBatchRecorded,
  UniqueValueClaimed,
  UniqueValueReleased,
} from "./events.ts";
import { menuNodeEvents } from "./menu-node-events.ts";

/** Every event of the content feature, for the registry. */
export const contentEvents = [
  ...contentNodeEvents,
  ...menuNodeEvents.filter((e) => e !== PendingRewriteBatchRecorded),
  ...keywordEvents,
  UniqueValueClaimed,
  UniqueValueReleased,
  NodeParentChangeClaimed,
] as const;
