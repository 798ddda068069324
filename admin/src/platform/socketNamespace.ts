import { io, type Socket } from "socket.io-client";
import { liveSocketOptions } from "@shop/shared/live/socket-options";

/**
 * One cache entry's view of a namespace's socket. Every entry of a tab shares one connection per
 * namespace (so the server sees one presence per tab, not one per list or form); closing a handle
 * removes only its own listeners, and the last one to close disconnects.
 */
/** A listener as socket.io types it: each caller's listener names what its event carries. */
// biome-ignore lint/suspicious/noExplicitAny: socket.io's own listener type (unknown[] would refuse typed listeners)
type Listener = (...args: any[]) => void;

export interface SocketHandle {
  on(event: string, listener: Listener): SocketHandle;
  emit(event: string, ...args: unknown[]): void;
  readonly connected: boolean;
  /** The connection manager's events ('reconnect', ...). */
  io: { on(event: "reconnect" | "reconnect_attempt" | "error", listener: Listener): void };
  close(): void;
}

/** `resync`: the handles' 'reconnect' listeners, also run when a closed socket is opened again. */
type SharedSocket = { socket: Socket; handles: number; resync: Set<Listener>; reopening?: boolean };
const shared = new Map<string, SharedSocket>();

/**
 * socket.io does not reconnect by itself after the server closed the socket (a session that ended) or
 * refused it (no session yet): such a socket waits for someone to open it again.
 */
const closedForGood = (socket: Socket) => !socket.connected && !socket.active;

/** Opens a closed socket again; pushes sent while it was closed are lost, so it counts as a reconnect. */
function reopen(entry: SharedSocket): void {
  if (!entry.reopening) {
    entry.reopening = true;
    entry.socket.once("connect", () => {
      entry.reopening = false;
      for (const listener of entry.resync) listener();
    });
  }
  entry.socket.connect();
}

export function openSocketNamespace(namespace: string): SocketHandle {
  let entry = shared.get(namespace);
  if (!entry) {
    entry = {
      socket: io(namespace, { ...liveSocketOptions(), withCredentials: true, forceNew: true }),
      handles: 0,
      resync: new Set(),
    };
    shared.set(namespace, entry);
  } else if (closedForGood(entry.socket)) {
    reopen(entry);
  }
  const { socket, resync } = entry;
  entry.handles++;
  const listeners: Array<[string, Listener]> = [];
  const managerListeners: Array<[string, Listener]> = [];
  let closed = false;

  const handle: SocketHandle = {
    on(event, listener) {
      socket.on(event, listener);
      listeners.push([event, listener]);
      // The shared socket may be connected already: a late 'connect' listener still hears it once.
      if (event === "connect" && socket.connected) queueMicrotask(() => !closed && listener());
      return handle;
    },
    emit: (event, ...args) => void socket.emit(event, ...args),
    get connected() {
      return socket.connected;
    },
    io: {
      on(event, listener) {
        socket.io.on(event, listener);
        managerListeners.push([event, listener]);
        if (event === "reconnect") resync.add(listener);
      },
    },
    close() {
      if (closed) return;
      closed = true;
      for (const [event, listener] of listeners) socket.off(event, listener);
      for (const [event, listener] of managerListeners) {
        socket.io.off(event as "reconnect", listener);
        resync.delete(listener);
      }
      const current = shared.get(namespace);
      if (current && current.socket === socket && --current.handles === 0) {
        shared.delete(namespace);
        socket.disconnect();
      }
    },
  };
  return handle;
}

/**
 * After a new sign-in: opens again the sockets the server closed when the old session ended (or refused
 * before there was one), so every cache entry still holding a handle gets its pushes again. Their
 * 'connect' listeners run again (record watches are sent anew).
 */
export function reopenClosedSockets(): void {
  for (const entry of shared.values()) if (closedForGood(entry.socket)) reopen(entry);
}
