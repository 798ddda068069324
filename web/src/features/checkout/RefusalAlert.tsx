import { useEffect, useRef } from "react";
import type { StepRefusal } from "./checkoutErrors";

/**
 * A refused submit at the top of its form (both checkouts): the answer's message and its form-level
 * (`__all__`) lines. It takes the focus when it appears, so a screen reader reads it at once, unless
 * the page's own check gives the focus to the first field in error (`takeFocus` false; the alert is
 * still announced).
 */
export function RefusalAlert({ refusal, takeFocus = true }: { refusal: StepRefusal | null; takeFocus?: boolean }) {
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal && takeFocus) alertRef.current?.focus();
  }, [refusal, takeFocus]);
  if (!refusal) return null;
  const all = refusal.fields.__all__ ?? [];
  return (
    <div className="alert negative" role="alert" tabIndex={-1} ref={alertRef}>
      {refusal.message ? <p>{refusal.message}</p> : null}
      {all.length ? (
        <ul>
          {all.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
