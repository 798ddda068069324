import { BACK_OFFICE_MESSAGES, type RecordLock } from "@shop/shared";
import "./locks.css";

/** 'Locked by Me', or 'Locked by {name}' in the danger style; nothing when the record is free. */
export function LockBadge({ lock, myId }: { lock: RecordLock | null | undefined; myId: string | undefined }) {
  if (!lock) return null;
  const mine = lock.user.id === myId;
  return (
    <span className={mine ? "lock-badge mine" : "lock-badge danger"} title={lock.comment || undefined}>
      {mine ? BACK_OFFICE_MESSAGES.lockedByMe : BACK_OFFICE_MESSAGES.lockedBy(lock.user.name)}
    </span>
  );
}
