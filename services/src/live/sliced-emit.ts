import type { Namespace } from "socket.io";

/** Sockets written to in one turn of the event loop. */
export const SLICE_SOCKETS = 500;

export interface SlicedEmitter {
  /**
   * Sends `name` with `payload` to the sockets in `rooms` (null: the whole namespace), each once. Rooms
   * no socket of this process is in cost nothing (most pushes, a cart's or a record's, go to such rooms).
   */
  emit(ns: Namespace, rooms: string[] | null, name: string, payload: unknown, options?: EmitOptions): void;
  /** Resolves once every push handed over so far has been written. */
  idle(): Promise<void>;
}

export interface EmitOptions {
  /** Called once the push is written to every socket (or superseded by a newer state that was). */
  sent?: () => void;
  /**
   * The push carries the whole state of what it names (a thermometer's totals): while it waits behind
   * another, a newer one to the same rooms replaces its payload instead of queueing behind it. At 200
   * gifts a second to 20,000 sockets each push would otherwise queue for every gift, without end.
   */
  latestWins?: boolean;
}

/**
 * A push to thousands of sockets (a campaign's thermometer) goes out a slice of sockets per turn of
 * the event loop. Written in one loop, what each socket's write keeps alive until the loop ends
 * (about 2.5 KB: engine.io's packet and buffers, the write's callbacks) outlived the scavenges that
 * fell inside it and was promoted: 12 MB of old generation per push at 5,000 sockets, the server's
 * peak memory. A slice's garbage dies young; requests in between are served sooner too.
 * Pushes keep their order: one handed over while another is still going out waits for it.
 */
export function createSlicedEmitter(onError: (error: unknown) => void, sliceSockets = SLICE_SOCKETS): SlicedEmitter {
  let sending: Promise<void> | null = null;
  /** States queued behind another push, by namespace, rooms and name: a newer one replaces the payload. */
  const waiting = new Map<string, { payload: unknown; sent: Array<() => void> }>();

  function emit(
    ns: Namespace,
    rooms: string[] | null,
    name: string,
    payload: unknown,
    options: EmitOptions = {},
  ): void {
    const sockets = audience(ns, rooms);
    if (sockets === 0) return;
    if (!sending && sockets <= sliceSockets) {
      send(ns, rooms, name, payload);
      options.sent?.();
      return;
    }
    const key = options.latestWins && sending ? `${ns.name}\n${rooms?.join("\n") ?? "*"}\n${name}` : null;
    const queued = key ? waiting.get(key) : undefined;
    if (queued) {
      queued.payload = payload;
      if (options.sent) queued.sent.push(options.sent);
      return;
    }
    const entry = { payload, sent: options.sent ? [options.sent] : [] };
    if (key) waiting.set(key, entry);
    const go = () => {
      if (key) waiting.delete(key);
      return inSlices(ns, rooms, name, entry.payload);
    };
    // The first slice goes now when nothing else is going out; later ones after the event loop turns.
    const done = (sending ? sending.then(go) : go())
      .then(() => {
        for (const sent of entry.sent) sent();
      })
      .catch(onError);
    sending = done;
    void done.then(() => {
      if (sending === done) sending = null;
    });
  }

  async function inSlices(ns: Namespace, rooms: string[] | null, name: string, payload: unknown): Promise<void> {
    // Who is in the rooms now; a socket that joins while the slices go out gets the next push.
    const ids = rooms
      ? [...new Set(rooms.flatMap((room) => [...(ns.adapter.rooms.get(room) ?? [])]))]
      : [...ns.sockets.keys()];
    for (let start = 0; start < ids.length; start += sliceSockets) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      // Every socket is in the room of its own id: one broadcast per slice, its frame encoded once.
      const slice = ids.slice(start, start + sliceSockets);
      ns.to(slice).emit(name, payload);
    }
  }

  return {
    emit,
    async idle() {
      while (sending) await sending;
    },
  };
}

function audience(ns: Namespace, rooms: string[] | null): number {
  if (!rooms) return ns.sockets.size;
  let count = 0;
  for (const room of rooms) count += ns.adapter.rooms.get(room)?.size ?? 0;
  return count;
}

function send(ns: Namespace, rooms: string[] | null, name: string, payload: unknown): void {
  if (rooms) ns.to(rooms).emit(name, payload);
  else ns.emit(name, payload);
}
