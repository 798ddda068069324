import { io as connect, type Socket } from "socket.io-client";
import type { LockChangedMessage } from "@shop/shared";
import { registerUser } from "../accounts/register-user.ts";
import type { RunningServer } from "../server.ts";
import { TestClient } from "../testing/http-client.ts";

/** Registers a user (staff unless told) and answers a client signed in as them. */
export async function signedInClient(server: RunningServer, email: string, name: string, isStaff = true) {
  const user = await registerUser({ store: server.store, clock: () => new Date() }, { email, password: "long enough", isStaff, name });
  await server.runner.waitFor(user.position);
  const client = new TestClient(server.url);
  await client.post("/api/account/login/", { email, password: "long enough" });
  return { client, user: { id: user.userId, name } };
}

export async function adminSocket(url: string, cookie: string): Promise<Socket> {
  const socket = connect(url + "/admin", { transports: ["websocket"], extraHeaders: { cookie }, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

/** Resolves with the first `lock:changed` matching `match`, or fails after `timeoutMs`. */
export function nextLockChange(socket: Socket, match: (m: LockChangedMessage) => boolean, timeoutMs = 1000): Promise<LockChangedMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off("lock:changed", listener);
      reject(new Error(`no matching lock:changed within ${timeoutMs} ms`));
    }, timeoutMs);
    function listener(m: LockChangedMessage) {
      if (!match(m)) return;
      clearTimeout(timer);
      socket.off("lock:changed", listener);
      resolve(m);
    }
    socket.on("lock:changed", listener);
  });
}

export const lockBody = (id: number | string, extra: Record<string, unknown> = {}) => ({ objs: [{ app: "content", model: "contentnode", id, ...extra }] });
