import { useState } from "react";
import { BACK_OFFICE_MESSAGES } from "@shop/shared";
import { SiteTime } from "../site-time/SiteTime";
import { KickOffDialog } from "./KickOffDialog";
import { LockDialog } from "./LockDialog";
import type { LockReason } from "./locksApi";
import type { RecordLockControl } from "./useRecordLock";
import "./locks.css";

/** The lock button of a form header: opens the lock dialog, or for another holder the kick-off question. */
export function LockButton({ control, reasons }: { control: RecordLockControl; reasons?: readonly LockReason[] }) {
  const [open, setOpen] = useState(false);
  const { state, lock } = control;
  const label =
    state === "mine"
      ? BACK_OFFICE_MESSAGES.lockedByMe
      : state === "other" && lock
        ? BACK_OFFICE_MESSAGES.lockedBy(lock.user.name)
        : state === "loading"
          ? "Checking lock…"
          : "Lock";
  const onClick = () => (state === "other" ? void control.acquire() : setOpen(true));
  return (
    <>
      <button
        type="button"
        className={`lock-button ${state === "mine" ? "mine" : state === "other" ? "danger" : ""}`}
        onClick={onClick}
        disabled={state === "loading"}
        aria-haspopup="dialog"
      >
        <LockIcon open={state === "none"} /> {label}
      </button>
      {open && <LockDialog control={control} reasons={reasons} onClose={() => setOpen(false)} />}
    </>
  );
}

type BannerProps = {
  control: RecordLockControl;
  modelLabel: string;
  keptEdits: boolean;
  reasons?: readonly LockReason[];
};

/** What the editor must know about the lock: displaced (by whom, edits kept), someone else holds it, the kick-off question. */
export function LockNotices({ control, modelLabel, keptEdits, reasons }: BannerProps) {
  const { displaced, state, lock, refused } = control;
  return (
    <>
      {displaced && (
        <div className="lock-banner" role="alert">
          <p>
            <strong>{displaced.name}</strong> took this record at <SiteTime iso={displaced.at} timeOnly />.{" "}
            {keptEdits
              ? "Your unsaved edits are kept in this browser and will be offered back when you retake the lock."
              : "You can no longer edit it."}
          </p>
          <button type="button" onClick={() => void control.acquire()} disabled={control.busy}>
            Retake the lock
          </button>
        </div>
      )}
      {!displaced && state === "other" && lock && (
        <div className="lock-banner" role="status">
          <p>
            {BACK_OFFICE_MESSAGES.lockedBy(lock.user.name)}
            {lock.comment ? ` — ${lock.comment}` : ""}. The form is read-only until you take the lock.
          </p>
          <button type="button" onClick={() => void control.acquire()} disabled={control.busy}>
            Take the lock
          </button>
        </div>
      )}
      {control.failure && (
        <p className="field-error" role="alert">
          {control.failure}
        </p>
      )}
      {refused && (
        <KickOffDialog
          modelLabel={modelLabel}
          reasons={reasons}
          holder={refused}
          busy={control.busy}
          onConfirm={() => void control.kickOff()}
          onCancel={control.dismissRefusal}
        />
      )}
    </>
  );
}

function LockIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="14"
      height="14"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
    >
      <rect x="3" y="7" width="10" height="7" rx="1.5" />
      <path d={open ? "M5.5 7V5a2.5 2.5 0 0 1 5 0" : "M5.5 7V5a2.5 2.5 0 0 1 5 0v2"} />
    </svg>
  );
}
