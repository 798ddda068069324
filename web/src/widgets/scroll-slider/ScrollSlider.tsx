import { type PointerEvent, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Adopt, mountReact, useReducedMotion } from "../mountReact";
import { swipeDirection } from "../rules";
import { clickGuard, SLIDER } from "../timing";
import { useSliderRotation } from "../useSliderRotation";
import "../widgets.css";

/**
 * Scroll slider (back-office §2.7, §9): a row of items moved a page at a time by Previous/Next or by
 * a swipe (a touch under 550 ms and over 20 px across); a slide takes 500 ms (none with reduced
 * motion). Keyboard focus on an item off the page brings its page into view. It moves a page by
 * itself every 5,000 ms, back to the first after the last (`useSliderRotation`), with a Pause button.
 */
function ScrollSlider({ items }: { items: HTMLElement[] }) {
  const id = useId();
  const reduced = useReducedMotion();
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState(0);
  const [pages, setPages] = useState(1);
  const guard = useMemo(() => clickGuard(SLIDER.doubleClickGuardMs), []);
  const touch = useRef<{ x: number; y: number; t: number } | null>(null);

  useLayoutEffect(() => {
    const measure = () => {
      const width = viewport.current?.clientWidth || 1;
      setPages(Math.max(1, Math.ceil((track.current?.scrollWidth ?? 0) / width - 0.01)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (viewport.current) observer.observe(viewport.current);
    return () => observer.disconnect();
  }, []);

  const go = (to: number) => setPage(Math.min(pages - 1, Math.max(0, to)));
  const rotation = useSliderRotation(() => setPage((p) => (p + 1) % pages), pages > 1);
  const width = viewport.current?.clientWidth ?? 0;
  const maxShift = Math.max(0, (track.current?.scrollWidth ?? 0) - width);

  const onPointerDown = (e: PointerEvent) => {
    touch.current = { x: e.clientX, y: e.clientY, t: e.timeStamp };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = touch.current;
    touch.current = null;
    if (!start) return;
    const direction = swipeDirection(e.clientX - start.x, e.clientY - start.y, e.timeStamp - start.t);
    if (direction) go(page + (direction === "next" ? 1 : -1));
  };

  return (
    <section
      ref={rotation.ref}
      className="widget-scroll-slider"
      aria-roledescription="carousel"
      aria-label="Slider"
      {...rotation.handlers}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the swipe is a touch shortcut; Previous and Next are its keyboard way */}
      <div
        ref={viewport}
        className="widget-scroll-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          touch.current = null;
        }}
        onFocus={(e) => {
          // A Tab onto an item of another page shows that page.
          if (!width || e.target === e.currentTarget) return;
          const item = (e.target as HTMLElement).closest(".widget-scroll-item") as HTMLElement | null;
          if (item) go(Math.floor(item.offsetLeft / width));
          e.currentTarget.scrollLeft = 0;
        }}
      >
        <div
          ref={track}
          id={`${id}-track`}
          className="widget-scroll-track"
          style={{
            transform: `translateX(-${Math.min(page * width, maxShift)}px)`,
            transitionDuration: reduced ? "0ms" : `${SLIDER.slideMs}ms`,
          }}
        >
          {items.map((item, i) => (
            <Adopt key={String(i)} node={item} className="widget-scroll-item" />
          ))}
        </div>
      </div>
      {pages > 1 && (
        <div className="widget-controls">
          <button
            type="button"
            aria-controls={`${id}-track`}
            disabled={page === 0}
            onClick={() => guard(() => go(page - 1))}
          >
            Previous
          </button>
          <span aria-live={rotation.playing ? "off" : "polite"}>
            Page {page + 1} of {pages}
          </span>
          <button
            type="button"
            aria-controls={`${id}-track`}
            disabled={page === pages - 1}
            onClick={() => guard(() => go(page + 1))}
          >
            Next
          </button>
          {rotation.canRotate && (
            <button type="button" aria-pressed={rotation.paused} onClick={rotation.togglePaused}>
              {rotation.paused ? "Play" : "Pause"}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

export function mount(element: HTMLElement) {
  return mountReact(element, (children) => <ScrollSlider items={children} />);
}
