import type { EventStore, NewEvent, StreamWrite } from "@shop/shared";

/** Which write kills the process: its stream and events (an appendMany matches when any of its writes does). */
export type Kill = (stream: string, events: NewEvent[]) => boolean;

/**
 * The store of a process that is SIGKILLed once `kill` matches a write: right after it lands, or with
 * `before`, instead of it. From then on every call hangs, as a dead process writes nothing more and
 * undoes nothing. An appendMany (one transaction) lands whole or not at all.
 */
export function killedProcessStore(store: EventStore, kill: Kill, before = false) {
  let dead = false;
  const never = new Promise<never>(() => {});
  const matches = (key: string | symbol, args: unknown[]) =>
    key === "append"
      ? kill(args[0] as string, args[1] as NewEvent[])
      : key === "appendMany" && (args[0] as StreamWrite[]).some((w) => kill(w.streamId, w.events));
  const dying: EventStore = new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        if (dead) return never;
        if (before && matches(key, args)) {
          dead = true;
          return never;
        }
        const result = await value.apply(target, args);
        if (matches(key, args)) dead = true;
        return dead ? never : result;
      };
    },
  });
  return { dying, died: () => dead };
}

/** A kill on the first write holding an event of this type. */
export const killOn =
  (type: string): Kill =>
  (_stream, events) =>
    events.some((e) => e.type === type);
