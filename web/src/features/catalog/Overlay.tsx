import { type ReactNode, useEffect, useId, useRef } from "react";

/** A modal dialog (the native <dialog>: focus kept inside, Escape closes). */
export function Overlay({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className="overlay" aria-labelledby={headingId} onClose={onClose}>
      <div className="overlay-head">
        <h2 id={headingId}>{title}</h2>
        <button type="button" onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
      <div className="overlay-body">{children}</div>
    </dialog>
  );
}
