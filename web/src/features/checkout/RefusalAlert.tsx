import { useEffect, useRef } from "react";
import type { StepRefusal } from "./checkoutErrors";

/**
 * A refused submit at the top of its form (both checkouts): the answer's message and its form-level
 * (`__all__`) lines. It takes the focus when it appears, so a screen reader reads it at once.
 */
export function RefusalAlert({ refusal }: { refusal: StepRefusal | null }) {
  const alertRef = useRef<HTMLDivElement>(null);
  const all = refusal?.fields.__all__ ?? [];
  // Field problems alone (the browser's own checks, spec 6) show at their fields, which keep the focus.
  const shown = Boolean(refusal && (refusal.message || all.length));
  useEffect(() => {
    // Each new refusal takes the focus, even when the last one was showing too.
    if (refusal && shown) alertRef.current?.focus();
  }, [refusal, shown]);
  if (!refusal || !shown) return null;
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
