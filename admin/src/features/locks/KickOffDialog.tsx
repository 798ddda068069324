import { BACK_OFFICE_MESSAGES, type RecordLock } from "@shop/shared";
import { ModalDialog } from "../warnings/ModalDialog";
import { type LockReason, useLockReasons } from "./locksApi";

type Props = {
  modelLabel: string;
  holder: RecordLock;
  onConfirm: () => void;
  onCancel: () => void;
  busy: boolean;
  /** The page's own reasons, when it brings them. */
  reasons?: readonly LockReason[];
};

/** §8: someone else holds the lock; confirming force-unlocks them and retakes it. */
export function KickOffDialog({ modelLabel, holder, onConfirm, onCancel, busy, reasons: pageReasons }: Props) {
  const reasons = useLockReasons(pageReasons);
  const reason = reasons.find((r) => r.id === holder.reason)?.title ?? String(holder.reason);
  const message = BACK_OFFICE_MESSAGES.lockKickOff({
    model: modelLabel,
    name: holder.user.name,
    reason,
    comment: holder.comment,
  });
  return (
    <ModalDialog title="This record is locked" onClose={onCancel} role="alertdialog">
      <p className="kick-off-message">{message}</p>
      <div className="dialog-actions">
        <button type="button" className="button-danger" onClick={onConfirm} disabled={busy}>
          Kick them off
        </button>
        <button type="button" onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
