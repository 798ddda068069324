import { useEffect } from "react";
import { useBlocker } from "react-router";
import { BACK_OFFICE_MESSAGES } from "@shop/shared";
import { ModalDialog } from "../warnings/ModalDialog";

/** 'If you leave this page your changes will be lost.': on closing the tab and on in-app navigation. */
type Props = { dirty: boolean; shouldBlock: () => boolean; onLeave: () => void };

export function LeaveGuard({ dirty, shouldBlock, onLeave }: Props) {
  // Read at navigation time, so a save that navigates right away (a new node) is not blocked.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => shouldBlock() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = BACK_OFFICE_MESSAGES.unsavedChanges;
      return BACK_OFFICE_MESSAGES.unsavedChanges;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  if (blocker.state !== "blocked") return null;
  return (
    <ModalDialog title="Unsaved changes" onClose={() => blocker.reset()} role="alertdialog">
      <p>{BACK_OFFICE_MESSAGES.unsavedChanges}</p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button-danger"
          onClick={() => {
            onLeave();
            blocker.proceed();
          }}
        >
          Leave this page
        </button>
        <button type="button" onClick={() => blocker.reset()} autoFocus>
          Stay
        </button>
      </div>
    </ModalDialog>
  );
}
