import { type FocusEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from "react";
import { useReducedMotion } from "./mountReact";
import { sliderRotation } from "./timing";

/**
 * The sliders' automatic rotation (back-office §9; timings in `sliderRotation`): `advance` runs every
 * 5,000 ms while the slider can move, is not paused by its Pause button, motion is allowed, the
 * slider is at least partly on screen (IntersectionObserver) and the tab is shown (visibilitychange).
 * A click, key or touch waits 6,000 ms before the next move; a mouse over it or keyboard focus in it
 * (`:focus-visible`) holds it until they leave, then it waits 6,000 ms.
 */
export function useSliderRotation(advance: () => void, canMove: boolean) {
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const [onScreen, setOnScreen] = useState(true);
  const [tabShown, setTabShown] = useState(() => document.visibilityState !== "hidden");
  const ref = useRef<HTMLElement>(null);
  const next = useRef(advance);
  useEffect(() => {
    next.current = advance;
  });
  const rotation = useMemo(() => sliderRotation(() => next.current()), []);
  const holds = useRef({ pointer: false, focus: false });
  const hold = (reason: "pointer" | "focus", on: boolean) => {
    holds.current[reason] = on;
    if (holds.current.pointer || holds.current.focus) rotation.hold();
    else rotation.release();
  };

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const onChange = () => setTabShown(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, []);

  const playing = canMove && !paused && !reduced && onScreen && tabShown;
  useEffect(() => {
    if (playing) rotation.start();
    return rotation.stop;
  }, [rotation, playing]);

  return {
    ref,
    /** Rotation can happen at all (no Pause button with reduced motion or a single page). */
    canRotate: canMove && !reduced,
    paused,
    togglePaused: () => setPaused((p) => !p),
    /** Moving by itself: live regions stay quiet so a screen reader is not told every 5 s. */
    playing,
    handlers: {
      onPointerEnter: (e: PointerEvent) => (e.pointerType === "mouse" ? hold("pointer", true) : rotation.interact()),
      onPointerLeave: () => hold("pointer", false),
      onPointerDown: () => rotation.interact(),
      onKeyDown: () => rotation.interact(),
      onFocus: (e: FocusEvent) => {
        if (e.target instanceof Element && e.target.matches(":focus-visible")) hold("focus", true);
        else hold("focus", false); // a click's focus: wait 6,000 ms, do not hold
      },
      onBlur: (e: FocusEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hold("focus", false);
      },
    },
  };
}
