import { BACK_OFFICE_MESSAGES } from "@shop/shared";
import { KickOffDialog } from "../features/locks/KickOffDialog";
import { SiteTime } from "../features/site-time/SiteTime";
import type { RecordLockControl } from "../features/locks/useRecordLock";

const label = (control: RecordLockControl) => {
  if (control.state === "mine") return BACK_OFFICE_MESSAGES.lockedByMe;
  if (control.state === "other" && control.lock) return BACK_OFFICE_MESSAGES.lockedBy(control.lock.user.name);
  return control.state === "none" ? "Not locked" : "Checking lock…";
};

/**
 * The bar's lock display (§4 "In the in-page bar"): locked by me; locked by another, with 'Take the lock'
 * (the kick-off question of §8, then the lock is retaken); or free, which the bar locks by itself.
 */
export function BarLockBadge({ control }: { control: RecordLockControl }) {
  const other = control.state === "other";
  return (
    <>
      <span className={other ? "ab-badge ab-lock-other" : "ab-badge ab-lock"} data-testid="admin-bar-lock">
        {label(control)}
      </span>
      {other && !control.displaced && (
        <button type="button" className="ab-button" onClick={() => void control.acquire()} disabled={control.busy}>
          Take the lock
        </button>
      )}
    </>
  );
}

/** What the editor must know at once: who displaced them (edits kept), a lock that failed, the kick-off question. */
export function BarLockNotices({ control, keptEdits }: { control: RecordLockControl; keptEdits: boolean }) {
  const { displaced, refused, failure } = control;
  return (
    <>
      {displaced && (
        <div className="ab-alert" role="alert">
          <p>
            <strong>{displaced.name}</strong> took over this page's lock at <SiteTime iso={displaced.at} timeOnly />.{" "}
            {keptEdits
              ? "Your unsaved edits are kept in this browser and will be offered back when you retake the lock."
              : "Saving, publishing, contributors and scheduled actions wait until you hold the lock again."}
          </p>
          <button type="button" className="ab-button" onClick={() => void control.acquire()} disabled={control.busy}>
            Retake the lock
          </button>
        </div>
      )}
      {failure && (
        <p className="ab-notice ab-error" role="alert">
          {failure}
        </p>
      )}
      {refused && (
        <KickOffDialog
          modelLabel="Content node"
          holder={refused}
          busy={control.busy}
          onConfirm={() => void control.kickOff()}
          onCancel={control.dismissRefusal}
        />
      )}
    </>
  );
}
