import type { RecordedEvent } from "@shop/shared";

/** A push derived from one event: which namespace, which room (null: every socket there), what. */
export interface LiveMessage {
  namespace: "/admin" | "/public";
  room: string | null;
  name: string;
  payload: unknown;
  /**
   * The payload is the whole new state (the thermometer's totals and HTML): pages show it as it is
   * and never refetch for it, so it goes out at once instead of waiting for the read models.
   */
  carriesState?: true;
}

/** What a mapper may look up: names of the users that events carry by id (loaded before mapping). */
export interface LiveMessageContext {
  userName(id: string | null | undefined): string | null;
}

export type LiveMessageMapper = (event: RecordedEvent, context: LiveMessageContext) => LiveMessage[];

/** Room of every signed-in staff socket. */
export const STAFF_ROOM = "staff";

/** Room of one staff user's sockets (all their tabs on this process): for notices meant for them. */
export const userRoom = (userId: string) => `user:${userId}`;

/** Room of the sockets showing one record, e.g. `record:content.contentnode.42`. */
export const recordRoom = (app: string, model: string, id: string | number) => `record:${app}.${model}.${id}`;

/** Every event reaches staff as a line of the live activity feed (no data: secrets can't leak). */
export const auditFeed: LiveMessageMapper = (event, context) => [
  {
    namespace: "/admin",
    room: STAFF_ROOM,
    name: "audit:event",
    payload: {
      position: event.globalPosition,
      time: event.createdAt.toISOString(),
      stream: event.streamId,
      type: event.type,
      user: event.metadata.userId ?? null,
      user_name: context.userName(event.metadata.userId),
    },
  },
];
