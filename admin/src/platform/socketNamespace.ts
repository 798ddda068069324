import { io, type Socket } from 'socket.io-client';

/**
 * One cache entry's view of a namespace's socket. Every entry of a tab shares one connection per
 * namespace (so the server sees one presence per tab, not one per list or form); closing a handle
 * removes only its own listeners, and the last one to close disconnects.
 */
export interface SocketHandle {
  on(event: string, listener: (...args: any[]) => void): SocketHandle;
  emit(event: string, ...args: unknown[]): void;
  readonly connected: boolean;
  /** The connection manager's events ('reconnect', ...). */
  io: { on(event: 'reconnect' | 'reconnect_attempt' | 'error', listener: (...args: any[]) => void): void };
  close(): void;
}

const shared = new Map<string, { socket: Socket; handles: number }>();

export function openSocketNamespace(namespace: string): SocketHandle {
  let entry = shared.get(namespace);
  if (!entry) {
    entry = { socket: io(namespace, { withCredentials: true, forceNew: true }), handles: 0 };
    shared.set(namespace, entry);
  }
  const { socket } = entry;
  entry.handles++;
  const listeners: Array<[string, (...args: any[]) => void]> = [];
  const managerListeners: Array<[string, (...args: any[]) => void]> = [];
  let closed = false;

  const handle: SocketHandle = {
    on(event, listener) {
      socket.on(event, listener);
      listeners.push([event, listener]);
      // The shared socket may be connected already: a late 'connect' listener still hears it once.
      if (event === 'connect' && socket.connected) queueMicrotask(() => !closed && listener());
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
      },
    },
    close() {
      if (closed) return;
      closed = true;
      for (const [event, listener] of listeners) socket.off(event, listener);
      for (const [event, listener] of managerListeners) socket.io.off(event as 'reconnect', listener);
      const current = shared.get(namespace);
      if (current && current.socket === socket && --current.handles === 0) {
        shared.delete(namespace);
        socket.disconnect();
      }
    },
  };
  return handle;
}
