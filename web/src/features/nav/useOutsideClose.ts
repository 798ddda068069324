import { type RefObject, useEffect } from "react";
import { afterDocumentClick } from "./panels";

/** While `open`, a click outside `box` or Escape calls `close` (Escape also hands focus back to `returnFocus`). */
export function useOutsideClose(
  box: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
  returnFocus?: () => HTMLElement | null | undefined,
) {
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      const inside = box.current?.contains(event.target as Node) ?? false;
      if (!afterDocumentClick(true, inside, false)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      returnFocus?.()?.focus();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [box, open, close, returnFocus]);
}
