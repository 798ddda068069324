import { useCallback, useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useDispatch } from 'react-redux';
import type { RecordLock } from '@shop/shared';
import type { AppDispatch } from '../../app/store';
import { readCsrfCookie } from '@shop/shared/http/csrf';
import { useMeQuery } from '../account/accountApi';
import { LOCKS_URL, locksApi, refusedBy, useRecordLocksQuery, useReleaseLockMutation, useTakeLockMutation, type RecordRef } from './locksApi';

export const AUTOMATIC = 1;
export type LockState = 'loading' | 'mine' | 'other' | 'none';
/** Who took the record from this editor, and when this page learnt of it. */
export type Displacement = { name: string; at: Date };

/**
 * One record's lock for a form (§4): takes an automatic lock on open, releases it on leaving and on
 * page unload, asks before kicking another holder off, and notices at once when this editor is displaced.
 */
export function useRecordLock(record: RecordRef | null) {
  const dispatch = useDispatch<AppDispatch>();
  const { data: me } = useMeQuery();
  const myId = me ? String(me.id) : undefined;
  const arg = record ? { app: record.app, model: record.model, ids: [record.id] } : null;
  const { data: locks } = useRecordLocksQuery(arg ?? skipToken);
  const entry = record ? locks?.[record.id] : undefined;
  const lock = entry?.lock ?? null;
  const state: LockState = !record || !locks ? 'loading' : !lock ? 'none' : lock.user.id === myId ? 'mine' : 'other';

  const [take, { isLoading: taking }] = useTakeLockMutation();
  const [release, { isLoading: releasing }] = useReleaseLockMutation();
  const [refused, setRefused] = useState<RecordLock | null>(null);
  const [displaced, setDisplaced] = useState<Displacement | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = useRef({ reason: AUTOMATIC, comment: '' });
  const held = useRef(false);
  const lockRef = useRef(lock);
  lockRef.current = lock;

  const setCached = useCallback(
    (value: RecordLock | null) => {
      if (!arg) return;
      dispatch(locksApi.util.updateQueryData('recordLocks', arg, (draft) => void (draft[arg.ids[0]!] = { lock: value })));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dispatch, record?.app, record?.model, record?.id],
  );

  /** Creates (or re-creates with a new reason) this editor's lock; a refusal opens the kick-off question. */
  const acquire = useCallback(
    async (reason = AUTOMATIC, comment = '') => {
      if (!record) return;
      pending.current = { reason, comment };
      setFailure(null);
      // §4: creating a lock first releases any lock this user holds.
      if (lockRef.current && lockRef.current.user.id === myId) await release(record);
      const result = await take({ ...record, reason, comment });
      if ('data' in result && result.data) {
        held.current = true;
        setDisplaced(null);
        setRefused(null);
        setCached(result.data);
        return;
      }
      const holder = refusedBy(result.error);
      if (holder && holder.user.id !== myId) setRefused(holder);
      else setFailure('The record could not be locked.');
    },
    [record, myId, release, take, setCached],
  );

  const kickOff = useCallback(async () => {
    if (!record) return;
    setRefused(null);
    const result = await release({ ...record, force: true });
    if ('error' in result && result.error) return setFailure('The lock could not be removed.');
    await acquire(pending.current.reason, pending.current.comment);
  }, [record, release, acquire]);

  const unlock = useCallback(async () => {
    if (!record) return;
    held.current = false;
    const result = await release(record);
    // §8: a failed unlock re-checks the lock.
    if ('error' in result && result.error) dispatch(locksApi.util.invalidateTags(['RecordLock']));
    else setCached(null);
  }, [record, release, setCached, dispatch]);

  // Opening the record takes the automatic lock once the current user is known.
  const key = record ? `${record.app}.${record.model}.${record.id}` : null;
  useEffect(() => {
    if (!key || !myId) return;
    void acquire(AUTOMATIC, '');
    return () => {
      const current = lockRef.current;
      held.current = false;
      if (record && current && current.user.id === myId && current.autoCreated) void release(record);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, myId]);

  // Closing the tab or reloading: release the automatic lock with a request that outlives the page.
  useEffect(() => {
    if (!record || !myId) return;
    const onPageHide = () => {
      const current = lockRef.current;
      if (!current || current.user.id !== myId || !current.autoCreated) return;
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      const token = readCsrfCookie(document.cookie);
      if (token) headers['X-CSRFToken'] = token;
      const objs = [{ app: record.app, model: record.model, id: record.id }];
      void fetch(LOCKS_URL, { method: 'DELETE', keepalive: true, credentials: 'same-origin', headers, body: JSON.stringify({ objs, force_unlock: false }) });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [record, myId]);

  // A push saying someone else has (or removed) the lock this editor held: tell them at once.
  useEffect(() => {
    if (state === 'mine') {
      held.current = true;
      return;
    }
    if (!held.current || state === 'loading') return;
    const byOther = entry?.by && entry.by.id !== myId;
    if (state === 'other' || (state === 'none' && (byOther || entry?.change === 'expired'))) {
      held.current = false;
      setDisplaced({ name: entry?.by?.name ?? lock?.user.name ?? 'Someone', at: new Date() });
    }
  }, [state, entry, lock, myId]);

  return {
    state,
    lock,
    myId,
    busy: taking || releasing,
    refused,
    displaced,
    failure,
    acquire,
    kickOff,
    unlock,
    dismissRefusal: () => setRefused(null),
  };
}

export type RecordLockControl = ReturnType<typeof useRecordLock>;
