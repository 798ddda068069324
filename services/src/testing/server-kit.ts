// Helpers for tests against a started server (startTestServer): signed-in clients, admin sockets, pushes.
import { io as connect, type Socket } from "socket.io-client";
import type { LockChangedMessage } from "@shop/shared";
import { registerUser } from "../accounts/register-user.ts";
import type { RunningServer } from "../server.ts";
import { TestClient } from "./http-client.ts";

/** Registers a user (staff unless told) and answers a client signed in as them. */
export async function signedInClient(server: RunningServer, email: string, name: string, isStaff = true) {
  const user = await registerUser(
    { store: server.store, db: server.database.db, clock: () => new Date() },
    { email, password: "long enough", isStaff, name },
  );
  await server.runner.waitFor(user.position);
  const client = new TestClient(server.url);
  await client.post("/api/account/login/", { email, password: "long enough" });
  return { client, user: { id: user.userId, name } };
}

export const adminSocket = (url: string, cookie: string): Promise<Socket> => openSocket(url, "/admin", cookie);

/** A socket.io client on `namespace` (websocket only, no reconnection), resolved once connected. */
export async function openSocket(url: string, namespace: "/admin" | "/public", cookie?: string): Promise<Socket> {
  const socket = connect(`${url}${namespace}`, {
    transports: ["websocket"],
    extraHeaders: cookie ? { cookie } : {},
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

/** Resolves with the first `lock:changed` matching `match`, or fails after `timeoutMs`. */
export function nextLockChange(
  socket: Socket,
  match: (m: LockChangedMessage) => boolean,
  timeoutMs = 5000,
): Promise<LockChangedMessage> {
  return nextPush(socket, "lock:changed", match, timeoutMs);
}

export const lockBody = (id: number | string, extra: Record<string, unknown> = {}) => ({
  objs: [{ app: "content", model: "contentnode", id, ...extra }],
});

/** Resolves with the first `name` push matching `match`, or fails after `timeoutMs` (generous: a loaded machine is slow; tests that promise a latency measure it themselves). */
export function nextPush<T>(
  socket: Socket,
  name: string,
  match: (m: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
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
