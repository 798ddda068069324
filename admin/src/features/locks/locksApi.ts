import {
  errorAnswerOf,
  errorCodeOf,
  type LockChangedMessage,
  type LockLookupItem,
  type LockRecordRef,
  type RecordLock,
} from "@shop/shared";
import { api } from "../../app/api";
import { liveCacheEntry } from "../../platform/liveCacheEntry";

export type RecordRef = LockRecordRef;
export type LockReason = { id: number; title: string };

/** What a page knows of one record's lock, plus the last change pushed for it (who kicked whom). */
export type LockEntry = {
  lock: RecordLock | null;
  change?: LockChangedMessage["change"];
  by?: { id: string; name: string };
};
/** Locks of some records of one model, by record id. */
export type LockMap = Record<number, LockEntry>;
export type LocksArg = { app: string; model: string; ids: number[] };

export const LOCKS_URL = "/admin/base/record-locks/";
type LookupResponse = { locks: LockLookupItem[] };
type TakeArg = RecordRef & { reason: number; comment: string };

export const locksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The site's reasons; a page may bring its own (`pageReasons`). */
    lockReasons: build.query<LockReason[], void>({
      query: () => "/admin/base/record-lock-reasons/",
      transformResponse: (response: { items: LockReason[] }) => response.items,
    }),
    /** The locks of the given records: first from the lookup call, then kept current by `lock:changed` pushes. */
    recordLocks: build.query<LockMap, LocksArg>({
      query: ({ app, model, ids }) => ({
        url: `${LOCKS_URL}?action=lookup`,
        method: "POST",
        body: { objs: ids.map((id) => ({ app, model, id })) },
      }),
      transformResponse: (response: LookupResponse) => {
        const map: LockMap = {};
        for (const { app: _a, model: _m, id, hasLock: _h, ...lock } of response.locks)
          map[id] = { lock: lock.user === null ? null : lock };
        return map;
      },
      providesTags: ["RecordLock"],
      onCacheEntryAdded: (arg, entry) => {
        const ids = new Set(arg.ids);
        return liveCacheEntry(entry, {
          // Pushes sent while disconnected are lost: ask again after a reconnect.
          onReconnect: () => entry.dispatch(api.util.invalidateTags(["RecordLock"])),
          listen: (socket) =>
            socket.on("lock:changed", (message: LockChangedMessage) => {
              if (message.app !== arg.app || message.model !== arg.model || !ids.has(message.id)) return;
              entry.updateCachedData((draft) => {
                draft[message.id] = { lock: message.lock, change: message.change, by: message.by };
              });
            }),
        });
      },
    }),
    takeLock: build.mutation<RecordLock, TakeArg>({
      query: ({ app, model, id, reason, comment }) => ({
        url: `${LOCKS_URL}?ts=${Date.now()}`,
        method: "POST",
        body: { objs: [{ app, model, id, reason, comment, isAuto: reason === 1 }], reason, comment },
      }),
      transformResponse: (response: { lock: RecordLock }) => response.lock,
    }),
    releaseLock: build.mutation<void, RecordRef & { force?: boolean }>({
      query: ({ app, model, id, force }) => ({
        url: LOCKS_URL,
        method: "DELETE",
        body: { objs: [{ app, model, id }], force_unlock: force === true },
      }),
      transformResponse: () => undefined,
    }),
  }),
});

/** The holder in a refused take (ALREADY_LOCKED: 'Object is already locked!'), or null for any other failure. */
export function refusedBy(error: unknown): RecordLock | null {
  if (errorCodeOf(error) !== "ALREADY_LOCKED") return null;
  return errorAnswerOf(error)?.lock ?? null;
}

export const { useLockReasonsQuery, useRecordLocksQuery, useTakeLockMutation, useReleaseLockMutation } = locksApi;

/**
 * The reasons a lock dialog offers: the page's own list when it brings one (back office: "a list may be
 * supplied by the page"), else the site's. Titles of a lock shown elsewhere are looked up in the same list.
 */
export function useLockReasons(pageReasons?: readonly LockReason[]): LockReason[] {
  const { data = [] } = locksApi.useLockReasonsQuery(undefined, { skip: pageReasons !== undefined });
  return pageReasons ? [...pageReasons] : data;
}
