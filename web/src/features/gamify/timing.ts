/** §4, §9: the entries counter pulses for 1.5 s when the points change. */
export const PULSE_MS = 1500;
/** §4, §9: the achievement pop-up fades out for 1 s when closed. */
export const POPUP_FADE_MS = 1000;

/** §4: singular wording when points equal 1. */
export function entriesText(points: number): string {
  return points === 1 ? "1 entry" : `${points} entries`;
}

/**
 * A flag that is on for `ms` after each `start` (a new start runs the full time again), then calls
 * `onEnd`. The counter's pulse and the pop-up's fade-out both are one.
 */
export function timedFlag(ms: number, onChange: (on: boolean) => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    start() {
      if (timer) clearTimeout(timer);
      onChange(true);
      timer = setTimeout(() => {
        timer = null;
        onChange(false);
      }, ms);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
