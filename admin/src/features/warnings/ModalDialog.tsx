import { useEffect, useId, useRef, type ReactNode } from "react";
import "./dialogs.css";

type Props = {
  title: string;
  children: ReactNode;
  /** Escape (and nothing else) closes a dialog that is not sticky. */
  onClose?: () => void;
  /** A sticky dialog stays until one of its own buttons closes it. */
  sticky?: boolean;
  role?: "dialog" | "alertdialog";
  className?: string;
};

/**
 * A modal on the native <dialog>: the browser keeps focus inside, makes the page behind inert and
 * gives focus back to where it was when it closes.
 */
export function ModalDialog({ title, children, onClose, sticky = false, role = "dialog", className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      className={`modal ${className ?? ""}`}
      onCancel={(event) => {
        event.preventDefault();
        if (!sticky) onClose?.();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
