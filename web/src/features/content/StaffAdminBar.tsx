import { useEffect, useRef } from "react";

type Options = { nodeId: number; parentUrl: string | null; onSaved(): void };
type AdminBarModule = { mountAdminBar(host: HTMLElement, options: Options): Promise<() => void> };

// Built by the back office (admin/src/admin-bar/entry.ts) and served with it; loaded only for staff,
// so visitors never download it.
const ADMIN_BAR_URL = "/admin/admin-bar.js";

/** Where the back office's admin bar mounts on a content page (staff only). */
export function StaffAdminBar({ nodeId, parentUrl, onSaved }: Options) {
  const host = useRef<HTMLDivElement>(null);
  const saved = useRef(onSaved);
  saved.current = onSaved;

  useEffect(() => {
    let unmount: (() => void) | undefined;
    let cancelled = false;
    import(/* @vite-ignore */ ADMIN_BAR_URL)
      .then((module: AdminBarModule) =>
        module.mountAdminBar(host.current!, { nodeId, parentUrl, onSaved: () => saved.current() }),
      )
      .then((done) => {
        if (cancelled) done();
        else unmount = done;
      })
      .catch(() => undefined); // without the back office build the page still works, just without the bar
    return () => {
      cancelled = true;
      // Unmounting another React root during this one's commit is not allowed: defer it.
      const done = unmount;
      if (done) setTimeout(done, 0);
    };
  }, [nodeId, parentUrl]);

  return <div ref={host} className="admin-bar-host" />;
}
