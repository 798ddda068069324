import { PENDING_REWRITE_BATCH_URL } from "@shop/shared";
import { ModalDialog } from "./ModalDialog";

/**
 * A warning's text, with the pending rewrite batches' address as a link (§5). It opens in a new tab:
 * the form behind the dialog still holds the unsaved edits.
 */
function WarningText({ text }: { text: string }) {
  const at = text.indexOf(PENDING_REWRITE_BATCH_URL);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <a href={PENDING_REWRITE_BATCH_URL} target="_blank" rel="noopener">
        {PENDING_REWRITE_BATCH_URL}
      </a>
      {text.slice(at + PENDING_REWRITE_BATCH_URL.length)}
    </>
  );
}

type Props = {
  warnings: string[];
  /** Only acknowledgement is needed (the save already happened): one 'OK' button. */
  acknowledgeOnly?: boolean;
  onContinue?: () => void;
  onCancel: () => void;
  busy?: boolean;
};

/** §2 item 5: the warnings of a save, with 'Continue (ignore warnings)' and 'Cancel', or just 'OK'. */
export function WarningsDialog({ warnings, acknowledgeOnly = false, onContinue, onCancel, busy = false }: Props) {
  return (
    <ModalDialog title="Please review these warnings" onClose={onCancel} role="alertdialog">
      <ul className="warning-list">
        {warnings.map((warning) => (
          <li key={warning}>
            <WarningText text={warning} />
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        {acknowledgeOnly ? (
          <button type="button" className="button-primary" onClick={onCancel} autoFocus>
            OK
          </button>
        ) : (
          <>
            <button type="button" className="button-primary" onClick={onContinue} disabled={busy} autoFocus>
              Continue (ignore warnings)
            </button>
            <button type="button" onClick={onCancel} disabled={busy}>
              Cancel
            </button>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
