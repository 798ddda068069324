import type { Server as HttpServer } from "node:http";
import { parse } from "cookie";
import type { Kysely } from "kysely";
import { Server, type Socket } from "socket.io";
import type { EventStore, LogPosition, RecordedEvent, Subscription } from "@shop/shared";
import type { SessionEndedMessage } from "@shop/shared/live/messages";
import { findSessionUser } from "@shop/projections";
import { hashSessionId, SESSION_COOKIE } from "../platform/http/session-id.ts";
import type { RoomDeps, RoomJoining } from "../platform/feature.ts";
import { closeSocketsInSlices } from "./close-sockets.ts";
import { createLiveStates, type RoomStateReader } from "./live-states.ts";
import type { Logger } from "../platform/logger.ts";
import { STAFF_ROOM, userRoom, type LiveMessage, type LiveMessageMapper } from "./live-messages.ts";
import { ADMIN_MESSAGE_RATE, handleCampaignJoins, limitMessageRate, PUBLIC_MESSAGE_RATE } from "./socket-limits.ts";
import { releaseUpgradeRequests } from "./release-upgrade-requests.ts";
import { isSameOrigin } from "./same-origin.ts";
import { createSlicedEmitter, type SlicedEmitter } from "./sliced-emit.ts";
import { startSessionRecheck } from "./session-recheck.ts";
import { createEndedSessions, sessionRoom, socketsToClose } from "./session-ends.ts";
import { createUserNames } from "./user-names.ts";
import { livePushSeconds } from "../platform/metrics.ts";
import type { Database } from "@shop/projections";

export interface LiveGatewayDeps {
  httpServer: HttpServer;
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  log: Logger;
  sessionSecret?: string;
  /** Every push the gateway sends comes from these (server.ts declares the list); it adds none of its own. */
  mappers: readonly LiveMessageMapper[];
  /** The features' readers of their rooms' states (server.ts derives them from features.ts); none: only what was pushed. */
  roomStates?: ReadonlyArray<(deps: RoomDeps) => RoomStateReader>;
  /** The features' room joining per namespace (server.ts derives it from features.ts); none in tests of the gateway alone. */
  rooms?: { admin?: readonly RoomJoining[]; public?: readonly RoomJoining[] };
  /** Told when a staff socket connects or goes away (lock expiry watches who is still there). */
  presence?: StaffPresence;
  /** BEHIND_PROXY: the host and scheme a browser saw come in X-Forwarded-Host/-Proto. */
  behindProxy?: boolean;
  /** RATE_LIMIT_MULTIPLIER: scales the messages a socket may send and the campaign rooms it may join (default 1). */
  rateLimitMultiplier?: number;
  /** How often open admin sockets' sessions are checked again (expiry, revocation); default 60 s. */
  sessionRecheckEveryMs?: number;
  /**
   * Resolves once the read models have applied `position` (false when they did not in time). A push makes
   * pages refetch, so it waits for this: a refetch that outran the projection would show the old state
   * and no later push would correct it. Without it (tests of the gateway alone) pushes go at once.
   */
  readModelsAt?: (position: LogPosition) => Promise<boolean>;
  /** Connections closed per turn of the event loop at shutdown (CLOSE_SLICE). */
  closeSlice?: number;
  /** How long shutdown waits for closed connections to end (CLOSE_TIMEOUT_MS). */
  closeTimeoutMs?: number;
}

/** Batches of events (up to 500 each) read ahead of the read models, their refetch pushes waiting. */
export const MAX_REFETCH_BATCHES_WAITING = 8;

export interface StaffPresence {
  connected(user: { id: string; name: string }, socketId: string): void;
  disconnected(user: { id: string; name: string }, socketId: string): void;
}

export interface LiveGateway {
  io: Server;
  close(): Promise<void>;
}

/**
 * socket.io on the app's HTTP server. Each process tails the event log from its settled head and pushes to
 * its own sockets, so processes behind a load balancer push the same changes without an adapter.
 */
export async function attachLiveGateway(deps: LiveGatewayDeps): Promise<LiveGateway> {
  const io = new Server(deps.httpServer, {
    serveClient: false,
    cors: undefined,
    // Another site's page must not open a socket with a visitor's cookie (cross-site WebSocket hijacking).
    allowRequest: (req, callback) => {
      const allowed = isSameOrigin(req, deps.behindProxy ?? false);
      if (!allowed)
        deps.log.warn(
          { origin: req.headers.origin, host: req.headers.host },
          "socket handshake refused: foreign Origin",
        );
      callback(null, allowed);
    },
  });
  releaseUpgradeRequests(io);

  const admin = io.of("/admin");
  const endedSessions = createEndedSessions();
  admin.use(async (socket, next) => {
    const session = sessionOf(socket, deps);
    const user =
      session && !endedSessions.has(session.hash)
        ? await findSessionUser(deps.db, session.hash, deps.clock()).catch(
            (err) => void deps.log.warn({ err }, "admin socket refused: session not read"),
          )
        : undefined;
    if (!user) return next(new Error("Authentication credentials were not provided."));
    if (!user.is_staff) return next(new Error("You do not have permission to perform this action."));
    socket.data.user = { id: user.id, name: user.name };
    socket.data.sessionHash = session!.hash;
    next();
  });
  const multiplier = deps.rateLimitMultiplier ?? 1;
  const adminRooms = (deps.rooms?.admin ?? []).map((joining) => joining(deps));
  const publicRooms = (deps.rooms?.public ?? []).map((joining) => joining(deps));
  admin.on("connection", (socket) => {
    limitMessageRate(socket, ADMIN_MESSAGE_RATE, { log: deps.log, multiplier });
    const user = socket.data.user as { id: string; name: string };
    socket.join([STAFF_ROOM, userRoom(user.id), sessionRoom(socket.data.sessionHash)]);
    deps.presence?.connected(user, socket.id);
    socket.on("disconnect", () => deps.presence?.disconnected(user, socket.id));
    for (const join of adminRooms) void join(socket);
    // The logout may have been tailed while this handshake was reading the session.
    if (endedSessions.has(socket.data.sessionHash)) socket.disconnect();
  });

  const recheck = startSessionRecheck({
    admin,
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    everyMs: deps.sessionRecheckEveryMs ?? 60_000,
  });

  const publicNs = io.of("/public");
  const states = createLiveStates({ readers: (deps.roomStates ?? []).map((reader) => reader(deps)), log: deps.log });
  states.watch(publicNs);
  states.watch(admin);
  publicNs.on("connection", (socket) => {
    limitMessageRate(socket, PUBLIC_MESSAGE_RATE, { log: deps.log, multiplier });
    for (const join of publicRooms) void join(socket);
    handleCampaignJoins(socket, multiplier);
  });

  const { mappers } = deps;
  const emitter = createSlicedEmitter((error) => deps.log.error({ err: error }, "live push failed"));
  const userNames = createUserNames(deps.db);
  /** Pushes that make pages refetch, in log order, each sent once the read models have its events. */
  let refetchPushes: Promise<void> = Promise.resolve();
  let refetchBatchesWaiting = 0;
  /** Closing, the pushes still waiting go without waiting any longer for the read models. */
  let closing: () => void = () => {};
  const closed = new Promise<"closing">((resolve) => {
    closing = () => resolve("closing");
  });
  const subscription: Subscription = deps.store.subscribe({
    // Not head(): a transaction open now may yet commit an event that sorts before it.
    from: await deps.store.settledHead(),
    onEvents: async (events) => {
      await userNames.load(events.flatMap((e) => (e.metadata.userId ? [e.metadata.userId] : [])));
      const mapped = events.map((event) => ({ event, messages: messagesOf(event) }));
      for (const { event, messages } of mapped) states.remember(messages, event.streamPosition);
      // Pushes that carry their whole state go now; the subscription does not wait for the rest.
      for (const { event, messages } of mapped)
        emitAll(
          io,
          emitter,
          messages.filter((m) => m.carriesState),
          event.createdAt,
        );
      const last = events.at(-1);
      refetchBatchesWaiting++;
      refetchPushes = refetchPushes
        .then(async () => {
          const readModelsAt = deps.readModelsAt;
          const applied =
            last && readModelsAt ? await Promise.race([readModelsAt(last.position).catch(() => false), closed]) : true;
          if (applied === false)
            deps.log.warn(
              { globalPosition: last?.globalPosition },
              "live push went before the read models applied its events (they did not catch up in time)",
            );
          for (const { event, messages } of mapped) {
            emitAll(
              io,
              emitter,
              messages.filter((m) => !m.carriesState),
              event.createdAt,
            );
            closeEndedSessions(event);
          }
        })
        .catch((error) => deps.log.error({ err: error }, "live push failed after the read models caught up"))
        .finally(() => refetchBatchesWaiting--);
      // Far ahead of the read models (a bulk import: they took two minutes to follow 420,000 events, and
      // the batches waiting here held 800 MB), the gateway stops reading the log until they catch up.
      if (refetchBatchesWaiting > MAX_REFETCH_BATCHES_WAITING) await refetchPushes;
    },
    onError: (error) => deps.log.error({ err: error }, "live push failed; retrying"),
  });

  /** One bad event must not stall every push after it: skip it, say so, go on. */
  function messagesOf(event: RecordedEvent): LiveMessage[] {
    if (event.invalid) {
      deps.log.error(
        { err: event.invalid, stream: event.streamId, type: event.type, globalPosition: event.globalPosition },
        "live push skipped an event that fails its schema",
      );
      return [];
    }
    try {
      return mappers.flatMap((mapper) => mapper(event, { userName: userNames.name }));
    } catch (error) {
      deps.log.error(
        { err: error, stream: event.streamId, type: event.type, globalPosition: event.globalPosition },
        "live push skipped an event it could not map",
      );
      return [];
    }
  }

  function closeEndedSessions(event: RecordedEvent): void {
    if (event.invalid) return;
    const closing = socketsToClose(event);
    if (!closing) return;
    if (closing.sessionHash) endedSessions.add(closing.sessionHash);
    admin.to(closing.room).emit("session:ended", { reason: closing.reason } satisfies SessionEndedMessage);
    // Leave the namespace only: the tab's connection may carry /public too.
    admin.in(closing.room).disconnectSockets(false);
  }

  return {
    io,
    async close() {
      closing();
      await recheck.stop();
      await subscription.stop();
      await refetchPushes;
      await emitter.idle();
      await states.idle();
      await closeSocketsInSlices(io, deps.httpServer, { slice: deps.closeSlice, timeoutMs: deps.closeTimeoutMs });
    },
  };
}

/**
 * Sends each push once per socket. A mapper addresses one push to several rooms (staff, and the
 * record's) by repeating it with the same payload; socket.io sends a push to a list of rooms once
 * to a socket that is in several of them.
 */
function emitAll(io: Server, emitter: SlicedEmitter, messages: LiveMessage[], committedAt: Date): void {
  const groups: Array<{ first: LiveMessage; rooms: Set<string> | null }> = [];
  for (const m of messages) {
    const group = groups.find(
      (g) => g.first.namespace === m.namespace && g.first.name === m.name && g.first.payload === m.payload,
    );
    if (!group) groups.push({ first: m, rooms: m.room === null ? null : new Set([m.room]) });
    else if (m.room === null)
      group.rooms = null; // the whole namespace includes every room
    else group.rooms?.add(m.room);
  }
  for (const { first, rooms } of groups)
    emitter.emit(io.of(first.namespace), rooms ? [...rooms] : null, first.name, first.payload, {
      latestWins: first.carriesState,
      sent: () => livePushSeconds.observe({ name: first.name }, (Date.now() - committedAt.getTime()) / 1000),
    });
}

function sessionOf(socket: Socket, deps: LiveGatewayDeps): { hash: string } | undefined {
  const header = socket.handshake.headers.cookie;
  const sessionId = header ? parse(header)[SESSION_COOKIE] : undefined;
  return sessionId ? { hash: hashSessionId(sessionId, deps.sessionSecret) } : undefined;
}
