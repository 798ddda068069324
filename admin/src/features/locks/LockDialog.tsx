import { useState, type FormEvent } from "react";
import { ModalDialog } from "../warnings/ModalDialog";
import { type LockReason, useLockReasons } from "./locksApi";
import { AUTOMATIC, type RecordLockControl } from "./useRecordLock";

type Props = {
  control: RecordLockControl;
  onClose: () => void;
  /** The page's own reasons, in place of the site's list. */
  reasons?: readonly LockReason[];
};

/**
 * §2 item 1, sticky: 'Why are you locking this object?' with a reason, a comment and 'Create lock'.
 * The holder is offered 'Unlock this record.' or 'Change the reason or comment for this locked record.'
 */
export function LockDialog({ control, onClose, reasons }: Props) {
  const mine = control.state === "mine";
  const [changing, setChanging] = useState(!mine);
  return (
    <ModalDialog title="Why are you locking this object?" sticky onClose={onClose}>
      {mine && !changing ? (
        <div className="lock-choices">
          <div className="lock-choice">
            <p>Unlock this record.</p>
            <button
              type="button"
              onClick={async () => {
                await control.unlock();
                onClose();
              }}
              disabled={control.busy}
            >
              Unlock
            </button>
          </div>
          <div className="lock-choice">
            <p>Change the reason or comment for this locked record.</p>
            <button type="button" onClick={() => setChanging(true)}>
              Change reason or comment
            </button>
          </div>
          <div className="dialog-actions">
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : (
        <LockForm control={control} onDone={onClose} pageReasons={reasons} />
      )}
    </ModalDialog>
  );
}

function LockForm({
  control,
  onDone,
  pageReasons,
}: {
  control: RecordLockControl;
  onDone: () => void;
  pageReasons?: readonly LockReason[];
}) {
  const reasons = useLockReasons(pageReasons);
  const current = control.state === "mine" ? control.lock : null;
  const defaultReason =
    current && current.reason !== AUTOMATIC
      ? current.reason
      : (reasons.find((r) => r.id !== AUTOMATIC)?.id ?? AUTOMATIC);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await control.acquire(Number(form.get("reason")), String(form.get("comment") ?? ""));
    onDone();
  }

  return (
    <form onSubmit={handleSubmit} key={defaultReason}>
      <div className="field">
        <label htmlFor="lock-reason">Reason</label>
        <select id="lock-reason" name="reason" defaultValue={defaultReason}>
          {reasons.map((reason) => (
            <option key={reason.id} value={reason.id}>
              {reason.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="lock-comment">Comment</label>
        <textarea id="lock-comment" name="comment" rows={3} defaultValue={current?.comment ?? ""} maxLength={1000} />
      </div>
      <div className="dialog-actions">
        <button type="submit" className="button-primary" disabled={control.busy}>
          Create lock
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
