import { useEffect, useMemo, useState } from "react";
import { Adopt, mountReact, useReducedMotion } from "../mountReact";
import { rotator, TESTIMONIAL_MS } from "../timing";
import "../widgets.css";

/**
 * Rotating testimonials (storefront §2, §9): one quote at a time, the next every 20 seconds, looping.
 * Paused while hovered or focused and by its Pause button; with reduced motion it waits for Next.
 */
function Testimonials({ quotes }: { quotes: HTMLElement[] }) {
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const [turned, setTurned] = useState(false); // the first quote shows at once; the next ones fade in
  const turn = useMemo(
    () =>
      rotator(quotes.length, TESTIMONIAL_MS, (i) => {
        setTurned(true);
        setIndex(i);
      }),
    [quotes.length],
  );
  const playing = !paused && !held && !reduced;
  useEffect(() => {
    if (playing) turn.start();
    return turn.stop;
  }, [turn, playing]);

  return (
    <section
      className="widget-testimonials"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
      }}
    >
      <div aria-live={playing ? "off" : "polite"}>
        {quotes.map((quote, i) => (
          <Adopt
            key={String(i)}
            node={quote}
            hidden={i !== index}
            className={reduced || !turned ? "widget-testimonial" : "widget-testimonial widget-fade-in"}
          />
        ))}
      </div>
      {quotes.length > 1 && (
        <div className="widget-controls">
          <button type="button" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
            {paused ? "Play" : "Pause"}
          </button>
          <button type="button" onClick={() => turn.go(index + 1)}>
            Next testimonial
          </button>
        </div>
      )}
    </section>
  );
}

export function mount(element: HTMLElement) {
  return mountReact(element, (children) => <Testimonials quotes={children} />);
}
