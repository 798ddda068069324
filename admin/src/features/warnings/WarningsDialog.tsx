import { ModalDialog } from "./ModalDialog";

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
          <li key={warning}>{warning}</li>
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
