import type { Server as HttpServer } from "node:http";
import { parse } from "cookie";
import type { Kysely } from "kysely";
import { Server, type Socket } from "socket.io";
import type { EventStore, Subscription } from "@shop/shared";
import { findSessionUser } from "@shop/projections";
import { hashSessionId, SESSION_COOKIE } from "../accounts/session-id.ts";
import type { Logger } from "../platform/logger.ts";
import { STAFF_ROOM, userRoom, type LiveMessageMapper } from "./live-messages.ts";
import { createUserNames } from "./user-names.ts";

export interface LiveGatewayDeps {
  httpServer: HttpServer;
  store: EventStore;
  db: Kysely<any>;
  clock: () => Date;
  log: Logger;
  sessionSecret?: string;
  mappers: LiveMessageMapper[];
  /** Told when a staff socket connects or goes away (lock expiry watches who is still there). */
  presence?: StaffPresence;
}

export interface StaffPresence {
  connected(user: { id: string; name: string }, socketId: string): void;
  disconnected(user: { id: string; name: string }, socketId: string): void;
}

export interface LiveGateway {
  io: Server;
  close(): Promise<void>;
}

/**
 * socket.io on the app's HTTP server. Each process tails the event log from its head and pushes to
 * its own sockets, so processes behind a load balancer push the same changes without an adapter.
 */
export async function attachLiveGateway(deps: LiveGatewayDeps): Promise<LiveGateway> {
  const io = new Server(deps.httpServer, { serveClient: false, cors: undefined });

  const admin = io.of("/admin");
  admin.use(async (socket, next) => {
    const user = await sessionUser(socket, deps).catch(() => undefined);
    if (!user) return next(new Error("Authentication credentials were not provided."));
    if (!user.is_staff) return next(new Error("You do not have permission to perform this action."));
    socket.data.user = { id: user.id, name: user.name };
    next();
  });
  admin.on("connection", (socket) => {
    const user = socket.data.user as { id: string; name: string };
    socket.join(STAFF_ROOM);
    socket.join(userRoom(user.id));
    deps.presence?.connected(user, socket.id);
    socket.on("disconnect", () => deps.presence?.disconnected(user, socket.id));
  });

  const publicNs = io.of("/public");
  publicNs.on("connection", (socket) => {
    socket.on("join", (msg: { campaign?: unknown }) => {
      if (typeof msg?.campaign === "string" && /^[\w-]{1,100}$/.test(msg.campaign)) socket.join(`campaign:${msg.campaign}`);
    });
  });

  const userNames = createUserNames(deps.db);
  const subscription: Subscription = deps.store.subscribe({
    from: await deps.store.head(),
    onEvents: async (events) => {
      await userNames.load(events.flatMap((e) => (e.metadata.userId ? [e.metadata.userId] : [])));
      for (const event of events) {
        for (const mapper of deps.mappers) {
          for (const m of mapper(event, { userName: userNames.name })) {
            const ns = io.of(m.namespace);
            (m.room ? ns.to(m.room) : ns).emit(m.name, m.payload);
          }
        }
      }
    },
    onError: (error) => deps.log.error({ err: error }, "live push failed; retrying"),
  });

  return {
    io,
    async close() {
      await subscription.stop();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

async function sessionUser(socket: Socket, deps: LiveGatewayDeps) {
  const header = socket.handshake.headers.cookie;
  const sessionId = header ? parse(header)[SESSION_COOKIE] : undefined;
  if (!sessionId) return undefined;
  return findSessionUser(deps.db, hashSessionId(sessionId, deps.sessionSecret), deps.clock());
}
