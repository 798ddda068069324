import { useEffect, type RefObject } from "react";
import type { RecordLock } from "@shop/shared";
import { readCsrfCookie } from "@shop/shared/http/csrf";
import { LOCKS_URL, type RecordRef } from "./locksApi";

/**
 * §7 "DELETE record-locks on page unload": closing the tab or reloading releases this user's automatic
 * lock with a keepalive request, which outlives the page (an RTK mutation would be cut off).
 */
export function useReleaseOnPageHide(
  record: RecordRef | null,
  myId: string | undefined,
  lockRef: RefObject<RecordLock | null>,
) {
  const app = record?.app;
  const model = record?.model;
  const id = record?.id;
  useEffect(() => {
    if (!app || !model || !id || !myId) return;
    const onPageHide = () => {
      const current = lockRef.current;
      if (!current || current.user.id !== myId || !current.autoCreated) return;
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      const token = readCsrfCookie(document.cookie);
      if (token) headers["X-CSRFToken"] = token;
      const body = JSON.stringify({ objs: [{ app, model, id }], force_unlock: false });
      void fetch(LOCKS_URL, { method: "DELETE", keepalive: true, credentials: "same-origin", headers, body });
    };
    window.addEventListener("pagehide", onPageHide);
    return () => window.removeEventListener("pagehide", onPageHide);
  }, [app, model, id, myId, lockRef]);
}
