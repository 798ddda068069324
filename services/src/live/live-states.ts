import type { Namespace } from "socket.io";
import type { Logger } from "../platform/logger.ts";
import type { LiveMessage } from "./live-messages.ts";

/** The whole state of a room (its pushes that carry state) and its stream version, for ordering. */
export interface RoomState {
  messages: LiveMessage[];
  /** The stream position of the event the state is after: an older state never replaces a newer one. */
  version: number;
}

/**
 * A feature's reader of the state of its rooms, for a socket that joins one this process has pushed
 * nothing to yet (a campaign nobody gave to since the process started): `owns` says which rooms are
 * the feature's (no read for the rest), `read` reads the state from its read model (null: none).
 */
export interface RoomStateReader {
  namespace: LiveMessage["namespace"];
  owns(room: string): boolean;
  read(room: string): Promise<RoomState | null>;
}

/** Rooms whose last state a process keeps (a campaign's thermometer each): the least recently used go. */
export const MAX_REMEMBERED_ROOMS = 1000;

export interface LiveStates {
  /** The tailed log's pushes of `version`: those that carry state are kept per room. */
  remember(messages: readonly LiveMessage[], version: number): void;
  /** Sends every socket that joins a room the room's state: kept, or read once for all joining at once. */
  watch(ns: Namespace): void;
  /** Resolves once no read is in flight (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * A socket that joins a campaign's room gets its thermometer at once, from this process's memory:
 * every process tails the log and keeps the last state it pushed to each room. So the thousands of
 * sockets a dead process leaves, reconnecting to the others, get the current total with their
 * handshake, instead of each asking `GET /api/store/campaign-status/` (a request and a read-model read
 * each, on the survivors that are already carrying the dead process's share of the load). A room this
 * process has not pushed to yet is read once from the feature's read model for every socket joining it.
 */
export function createLiveStates(deps: {
  readers: readonly RoomStateReader[];
  log: Logger;
  maxRooms?: number;
}): LiveStates {
  const maxRooms = deps.maxRooms ?? MAX_REMEMBERED_ROOMS;
  /** By namespace and room, in least-recently-used order (a Map keeps insertion order). */
  const states = new Map<string, RoomState>();
  const reads = new Map<string, Promise<RoomState | null>>();
  const key = (namespace: string, room: string) => `${namespace}\n${room}`;

  function keep(k: string, state: RoomState): void {
    const kept = states.get(k);
    if (kept && kept.version > state.version) return;
    states.delete(k);
    states.set(k, state);
    if (states.size > maxRooms) states.delete(states.keys().next().value as string);
  }

  /** Sockets to send a room's state to, by namespace and room: sent together once the loop turns. */
  const sends = new Map<string, { ns: Namespace; room: string; ids: string[] }>();
  let flushing = false;

  /**
   * Queued and sent to all the sockets that joined the room in this turn of the event loop at once: one
   * broadcast encodes its frame once, where a write per socket encoded the thermometer (about 1.5 KB
   * with its HTML) once for each of the thousands of sockets that come back together.
   */
  function send(ns: Namespace, room: string, id: string): void {
    const k = key(ns.name, room);
    const queued = sends.get(k);
    if (queued) queued.ids.push(id);
    else sends.set(k, { ns, room, ids: [id] });
    if (flushing) return;
    flushing = true;
    setImmediate(flush);
  }

  function flush(): void {
    flushing = false;
    const due = [...sends.values()];
    sends.clear();
    for (const { ns, room, ids } of due) {
      const state = states.get(key(ns.name, room));
      // Still connected and still in the room (ids of sockets that left match none).
      const here = ids.filter((id) => ns.sockets.get(id)?.rooms.has(room));
      if (!state || here.length === 0) continue;
      for (const m of state.messages) ns.to(here).emit(m.name, m.payload);
    }
  }

  function joined(ns: Namespace, room: string, id: string): void {
    if (room === id) return; // every socket's own room
    const k = key(ns.name, room);
    const kept = states.get(k);
    if (kept) {
      states.delete(k);
      states.set(k, kept);
      send(ns, room, id);
      return;
    }
    const reader = deps.readers.find((r) => r.namespace === ns.name && r.owns(room));
    if (!reader) return;
    let reading = reads.get(k);
    if (!reading) {
      reading = reader
        .read(room)
        .catch((err) => {
          deps.log.warn({ err, room }, "room state not read; the socket gets the next push");
          return null;
        })
        .then((state) => {
          if (state) keep(k, state);
          return state;
        })
        .finally(() => reads.delete(k));
      reads.set(k, reading);
    }
    // The newest state by then: a push tailed while the read went may have replaced what it read.
    void reading.then(() => send(ns, room, id));
  }

  return {
    remember(messages, version) {
      const byRoom = new Map<string, LiveMessage[]>();
      for (const m of messages) {
        if (!m.carriesState || m.room === null) continue;
        const k = key(m.namespace, m.room);
        byRoom.set(k, [...(byRoom.get(k) ?? []), m]);
      }
      for (const [k, room] of byRoom) keep(k, { messages: room, version });
    },
    watch(ns) {
      ns.adapter.on("join-room", (room: string, id: string) => joined(ns, room, id));
    },
    async idle() {
      while (reads.size) await Promise.allSettled([...reads.values()]);
    },
  };
}
