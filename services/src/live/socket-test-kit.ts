import type { Socket } from "socket.io-client";

/** Resolves with the first `name` push matching `match`, or fails after `timeoutMs`. */
export function nextPush<T>(socket: Socket, name: string, match: (m: T) => boolean = () => true, timeoutMs = 1000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(name, listener);
      reject(new Error(`no matching '${name}' within ${timeoutMs} ms`));
    }, timeoutMs);
    function listener(m: T) {
      if (!match(m)) return;
      clearTimeout(timer);
      socket.off(name, listener);
      resolve(m);
    }
    socket.on(name, listener);
  });
}

/** Every `name` push matching `match` during the next `ms`: for "exactly once" and "not at all". */
export function pushesDuring<T>(socket: Socket, name: string, match: (m: T) => boolean, ms: number): Promise<T[]> {
  const seen: T[] = [];
  const listener = (m: T) => void (match(m) && seen.push(m));
  socket.on(name, listener);
  return new Promise((resolve) =>
    setTimeout(() => {
      socket.off(name, listener);
      resolve(seen);
    }, ms),
  );
}

/** Resolves with the reason when the socket is disconnected, or fails after `timeoutMs`. */
export function disconnection(socket: Socket, timeoutMs = 1000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** The message of the connect_error a refused handshake gets. */
export function connectRefusal(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once("connect_error", (e) => resolve(e.message)));
}
