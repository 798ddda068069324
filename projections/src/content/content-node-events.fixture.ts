// Hand-made content node events for the content read models' specs: each on its node's stream, at
// that stream's next position, as the log would record them.
import type { RecordedEvent } from "@shop/shared";
import { recordedEvent } from "../runner/batch-equivalence.ts";

export const at = (minute: number) => `2026-11-29T20:${String(minute).padStart(2, "0")}:00.000Z`;
export const by = { id: "edna", name: "Edna" };

/** An `onNode(definition, id, data)` whose events go on `{streamPrefix}{id}`, each stream numbered from 0. */
export function nodeEvents(streamPrefix: string) {
  const positions = new Map<number, number>();
  return (definition: Parameters<typeof recordedEvent>[0], id: number, data: object): RecordedEvent => {
    const position = positions.get(id) ?? 0;
    positions.set(id, position + 1);
    return recordedEvent(definition, { id, ...data }, { id: `${streamPrefix}${id}`, position });
  };
}
