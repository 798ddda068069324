import type { Kysely } from "kysely";
import type { Socket } from "socket.io";
import { recordLockStream, type EventStore } from "@shop/shared";
import { MAX_WATCHED_RECORDS, RecordWatchRequest, type RecordState } from "@shop/shared/live/messages";
import type { RoomJoining } from "../platform/feature.ts";
import { recordLockDecider, toRecordLock } from "./record-lock.ts";
import { foldStream } from "../platform/command-handler.ts";
import type { Logger } from "../platform/logger.ts";
import { issuesToErrorLines } from "../platform/http/validate.ts";
import { recordRoom } from "../live/live-messages.ts";
import type { Database } from "@shop/projections";

export interface RecordRoomDeps {
  store: EventStore;
  db: Kysely<Database>;
  log: Logger;
}

/** The read model that holds each node kind's status and version. */
const NODE_TABLES: Record<string, "content_nodes" | "menu_nodes"> = {
  "content.contentnode": "content_nodes",
  "tree.menunode": "menu_nodes",
};

type Ack = (answer: unknown) => void;
const ackOf = (ack: unknown): Ack => (typeof ack === "function" ? (ack as Ack) : () => {});

/**
 * `record:watch` / `record:unwatch` on an admin socket (DESIGN §7): join or leave the record's room,
 * counted per socket, so two parts of one tab watching the same record (keywords, contributors)
 * do not unwatch each other. The watch's acknowledgement is the record's current state, which is
 * how a reconnecting client catches up on pushes it missed: it simply watches again.
 */
export function handleRecordRooms(socket: Socket, deps: RecordRoomDeps): void {
  const watching = new Map<string, number>();

  socket.on("record:watch", async (body: unknown, ack: unknown) => {
    const reply = ackOf(ack);
    const parsed = RecordWatchRequest.safeParse(body ?? {});
    if (!parsed.success) return reply({ errors: issuesToErrorLines(parsed.error.issues) });
    const room = recordRoom(parsed.data.app, parsed.data.model, parsed.data.id);
    if (!watching.has(room) && watching.size >= MAX_WATCHED_RECORDS)
      return reply({ errors: [`__all__: A socket may watch at most ${MAX_WATCHED_RECORDS} records.`] });
    watching.set(room, (watching.get(room) ?? 0) + 1);
    await socket.join(room);
    try {
      reply(await recordState(deps, parsed.data, room));
    } catch (err) {
      deps.log.error({ err, room }, "record state not read");
      reply({ errors: ["__all__: Our server seems to be acting up. Please come back and try again later."] });
    }
  });

  socket.on("record:unwatch", async (body: unknown, ack: unknown) => {
    const reply = ackOf(ack);
    const parsed = RecordWatchRequest.safeParse(body ?? {});
    if (!parsed.success) return reply({ errors: issuesToErrorLines(parsed.error.issues) });
    const room = recordRoom(parsed.data.app, parsed.data.model, parsed.data.id);
    const left = (watching.get(room) ?? 0) - 1;
    if (left > 0) watching.set(room, left);
    else {
      watching.delete(room);
      await socket.leave(room);
    }
    reply({ room, watching: left > 0 });
  });
}

/**
 * The lock comes from the record's lock stream (exact, even when the read model lags a push);
 * a node's status and version from its read model, whose `version` tells the client whether a
 * push it already has is newer.
 */
export async function recordState(
  deps: RecordRoomDeps,
  ref: RecordWatchRequest,
  room = recordRoom(ref.app, ref.model, ref.id),
): Promise<RecordState> {
  const lock = foldStream(recordLockDecider, await deps.store.readStream(recordLockStream(ref.app, ref.model, ref.id)));
  const table = NODE_TABLES[`${ref.app}.${ref.model}`];
  const node = table
    ? await deps.db.selectFrom(table).select(["status", "version"]).where("id", "=", ref.id).executeTakeFirst()
    : undefined;
  return {
    app: ref.app,
    model: ref.model,
    id: ref.id,
    room,
    lock: lock.status === "held" ? toRecordLock(lock.lock) : null,
    node: node
      ? { status: node.status as NonNullable<RecordState["node"]>["status"], version: Number(node.version) }
      : null,
  };
}

/** The live gateway's `/admin` room joining for records (through the feature list). */
export const recordRooms: RoomJoining = (deps) => (socket) => handleRecordRooms(socket, deps);
