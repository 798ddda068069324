import { useEffect, useRef } from "react";
import { BACK_OFFICE_MESSAGES } from "@shop/shared";

/**
 * §2 item 11: leaving with unsaved edits warns. Closing or reloading the tab gets the browser's own
 * question; a link of the storefront (client-side navigation, which never fires beforeunload) asks first
 * and stays put unless the editor agrees to lose the edits (then `onLeave` drops their draft, as the form's
 * guard does; a closed tab keeps it, to be offered back next time).
 */
export function useLeaveWarning(unsaved: boolean, onLeave: () => void) {
  const leave = useRef(onLeave);
  leave.current = onLeave;
  useEffect(() => {
    if (!unsaved) return;
    let agreed = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (agreed) return; // already asked for this link: do not ask twice
      event.preventDefault();
      event.returnValue = BACK_OFFICE_MESSAGES.unsavedChanges;
      return BACK_OFFICE_MESSAGES.unsavedChanges;
    };
    // Capture phase: runs before the router's own click handler, which skips a click already prevented.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!link || event.defaultPrevented || link.getAttribute("target") === "_blank" || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab or window keeps this one
      agreed = window.confirm(BACK_OFFICE_MESSAGES.unsavedChanges);
      if (agreed) return leave.current(); // as the form does: agreeing to lose the edits drops their draft
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [unsaved]);
}
