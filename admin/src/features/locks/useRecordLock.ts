import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { skipToken } from "@reduxjs/toolkit/query";
import { useDispatch } from "react-redux";
import type { RecordLock } from "@shop/shared";
import type { AppDispatch } from "../../app/store";
import { useMeQuery } from "../accounts/accountApi";
import {
  locksApi,
  refusedBy,
  useRecordLocksQuery,
  useReleaseLockMutation,
  useTakeLockMutation,
  type RecordRef,
} from "./locksApi";
import {
  afterCheckAnswered,
  knownLock,
  LOCK_CHECK_FAILED,
  lockCheckRetryDelay,
  lockStateOf,
  overrideAfterChange,
  type LockCheck,
  type LockState,
  type PendingOverride,
} from "./lockState";
import { useReleaseOnPageHide } from "./useReleaseOnPageHide";

export const AUTOMATIC = 1;
export type { LockState };
/** Who took the record from this editor, and when this page learnt of it. */
export type Displacement = { name: string; at: Date };
export type RecordLockOptions = {
  /** §4, in-page bar: whenever the record is free (on open, or when the holder lets go), lock it automatically. */
  lockWhenFree?: boolean;
};

/**
 * One record's lock for a form or the in-page bar (§4): takes an automatic lock on open, releases it on
 * leaving and on page unload, asks before kicking another holder off, notices at once when this editor is
 * displaced, and survives a failed check (§8: wipe the local lock, check again later).
 */
export function useRecordLock(record: RecordRef | null, options: RecordLockOptions = {}) {
  const dispatch = useDispatch<AppDispatch>();
  const { data: me } = useMeQuery();
  const myId = me ? String(me.id) : undefined;
  // One object per record, however often the caller builds its own.
  const [app, model, id] = record ? [record.app, record.model, record.id] : [];
  const ref = useMemo(
    () => (app !== undefined && model !== undefined && id !== undefined ? { app, model, id } : null),
    [app, model, id],
  );
  const arg = useMemo(() => (ref ? { app: ref.app, model: ref.model, ids: [ref.id] } : null), [ref]);
  const query = useRecordLocksQuery(arg ?? skipToken);
  const failures = useCheckFailures(query);
  const check: LockCheck = failures > 0 ? "failed" : query.data ? "answered" : "pending";
  const entry = ref ? query.data?.[ref.id] : undefined;
  const lock = knownLock(check, entry?.lock);
  const state: LockState = ref ? lockStateOf(check, lock, myId) : "loading";

  const [take, { isLoading: taking }] = useTakeLockMutation();
  const [release, { isLoading: releasing }] = useReleaseLockMutation();
  const [refused, setRefused] = useState<RecordLock | null>(null);
  const [displaced, setDisplaced] = useState<Displacement | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = useRef({ reason: AUTOMATIC, comment: "" });
  const held = useRef(false);
  const lockRef = useRef(lock);
  lockRef.current = lock;

  /** Writes a lock into the shared cache (an entry whose check failed, or is not answered yet, has no data: create it). */
  const writeCache = useCallback(
    (value: RecordLock | null) => {
      if (!arg) return;
      const patch = dispatch(
        locksApi.util.updateQueryData("recordLocks", arg, (draft) => {
          draft[arg.ids[0]!] = { lock: value };
        }),
      );
      if (patch.patches.length === 0)
        void dispatch(locksApi.util.upsertQueryData("recordLocks", arg, { [arg.ids[0]!]: { lock: value } }));
    },
    [dispatch, arg],
  );

  // The check sent as the form opens may be answered after the automatic lock was taken: its "no
  // lock" is older news and is written over (once in CI the editor saw "Lock", not "Locked by Me").
  const override = useRef<PendingOverride>(null);
  const checkInFlight = useRef<string | undefined>(undefined);
  checkInFlight.current = query.isFetching ? query.requestId : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another record starts with nothing to write back
  useEffect(() => {
    override.current = null;
  }, [arg]);
  const writeBackOverAnswer = useEffectEvent(() => {
    const { restore, next } = afterCheckAnswered(override.current, query.requestId);
    override.current = next;
    if (restore && next) writeCache(next.lock);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: an answered check (a new timestamp) is the trigger
  useEffect(() => writeBackOverAnswer(), [query.fulfilledTimeStamp]);

  /** Writes what this page itself now knows into the shared cache. */
  const setCached = useCallback(
    (value: RecordLock | null) => {
      override.current = overrideAfterChange(override.current, checkInFlight.current, value);
      writeCache(value);
    },
    [writeCache],
  );

  /** Creates (or re-creates with a new reason) this editor's lock. A refusal asks about a kick-off, or, when quiet, just shows the holder. */
  const acquire = useCallback(
    async (reason = AUTOMATIC, comment = "", { quiet = false } = {}) => {
      if (!ref) return;
      pending.current = { reason, comment };
      setFailure(null);
      // §4: creating a lock first releases any lock this user holds.
      if (lockRef.current && lockRef.current.user.id === myId) await release(ref);
      const result = await take({ ...ref, reason, comment });
      if ("data" in result && result.data) {
        held.current = true;
        setDisplaced(null);
        setRefused(null);
        setCached(result.data);
        return;
      }
      const holder = refusedBy(result.error);
      if (holder && holder.user.id !== myId) {
        if (quiet) setCached(holder);
        else setRefused(holder);
      } else setFailure("The record could not be locked.");
    },
    [ref, myId, release, take, setCached],
  );

  const kickOff = useCallback(async () => {
    if (!ref) return;
    setRefused(null);
    const result = await release({ ...ref, force: true });
    if ("error" in result && result.error) return setFailure("The lock could not be removed.");
    await acquire(pending.current.reason, pending.current.comment);
  }, [ref, release, acquire]);

  const unlock = useCallback(async () => {
    if (!ref) return;
    held.current = false;
    const result = await release(ref);
    if (!("error" in result) || !result.error) return setCached(null);
    // §8 "Failed unlock → Re-check the lock": ask the server who holds it now.
    setFailure("The record could not be unlocked.");
    void query.refetch();
  }, [ref, release, setCached, query]);

  /** Another answer (a refused save) named the holder: show it, and the displacement follows. */
  const noteHolder = useCallback((holder: RecordLock) => setCached(holder), [setCached]);

  // Opening the record takes the automatic lock once the current user is known, and leaving it (or
  // another record, or another user) gives back an automatic lock. Only ref and myId trigger this.
  const takeOnOpen = useEffectEvent(() => void acquire(AUTOMATIC, ""));
  const releaseOnLeave = useEffectEvent((left: RecordRef, me: string) => {
    const current = lockRef.current;
    held.current = false;
    if (current && current.user.id === me && current.autoCreated) void release(left);
  });
  useEffect(() => {
    if (!ref || !myId) return;
    takeOnOpen();
    return () => releaseOnLeave(ref, myId);
  }, [ref, myId]);

  useReleaseOnPageHide(ref, myId, lockRef);
  // A lock freed by a kick-off is about to be retaken by whoever kicked: taking it here would fight them.
  const freedByKickOff = entry?.change === "kicked_off";
  useLockWhenFree(
    options.lockWhenFree === true && !!myId && !refused && !freedByKickOff,
    state,
    taking || releasing,
    query.fulfilledTimeStamp,
    () => acquire(AUTOMATIC, "", { quiet: true }),
  );

  // A push saying someone else has (or removed) the lock this editor held: tell them at once.
  useEffect(() => {
    if (state === "mine") {
      held.current = true;
      return;
    }
    if (!held.current || state === "loading") return;
    const byOther = entry?.by && entry.by.id !== myId;
    if (state === "other" || (state === "none" && (byOther || entry?.change === "expired"))) {
      held.current = false;
      setDisplaced({ name: entry?.by?.name ?? lock?.user.name ?? "Someone", at: new Date() });
    }
  }, [state, entry, lock, myId]);

  return {
    state,
    lock,
    myId,
    busy: taking || releasing,
    refused,
    displaced,
    failure: check === "failed" ? LOCK_CHECK_FAILED : failure,
    acquire,
    kickOff,
    unlock,
    noteHolder,
    dismissRefusal: () => setRefused(null),
  };
}

export type RecordLockControl = ReturnType<typeof useRecordLock>;

/** Counts failed checks in a row (0 once one is answered) and checks again after a growing wait. */
function useCheckFailures(query: { isError: boolean; fulfilledTimeStamp?: number; refetch: () => unknown }) {
  const [failures, setFailures] = useState(0);
  const refetch = useRef(query.refetch);
  refetch.current = query.refetch;
  useEffect(() => {
    if (query.isError) setFailures((n) => n + 1);
  }, [query.isError]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: an answered check (a new timestamp) is the trigger
  useEffect(() => setFailures(0), [query.fulfilledTimeStamp]);
  useEffect(() => {
    if (failures === 0) return;
    const timer = setTimeout(() => void refetch.current(), lockCheckRetryDelay(failures - 1));
    return () => clearTimeout(timer);
  }, [failures]);
  return failures;
}

/** Takes the lock whenever it is free: once per free spell (a failed take is not retried in a loop), again after each fresh check. */
function useLockWhenFree(
  enabled: boolean,
  state: LockState,
  busy: boolean,
  checkedAt: number | undefined,
  take: () => Promise<void>,
) {
  const tried = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh check (a new timestamp) is the trigger
  useEffect(() => {
    tried.current = false;
  }, [checkedAt]);
  useEffect(() => {
    if (state !== "none") tried.current = false;
    if (!enabled || state !== "none" || busy || tried.current) return;
    tried.current = true;
    void take();
  }, [enabled, state, busy, take]);
}
