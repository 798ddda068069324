import { useEffect, useId, useMemo, useState } from "react";
import { Adopt, mountReact, useReducedMotion } from "../mountReact";
import { rotator, SLIDESHOW } from "../timing";
import "../widgets.css";

/**
 * Slideshow (storefront §2, §9): 640x480 (scaled down on narrow screens), each slide 5,000 ms, a
 * 1,000 ms fade, looping. A Pause button stops it (WCAG 2.2.2), as do hovering and keyboard focus;
 * with reduced motion it neither fades nor moves by itself.
 */
function Slideshow({ slides }: { slides: HTMLElement[] }) {
  const id = useId();
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false); // hover or focus inside
  const show = useMemo(() => rotator(slides.length, SLIDESHOW.slideMs, setIndex, SLIDESHOW.loop), [slides.length]);

  const playing = !paused && !held && !reduced;
  useEffect(() => {
    if (playing) show.start();
    return show.stop;
  }, [show, playing]);

  return (
    <section
      className="widget-slideshow"
      aria-roledescription="carousel"
      aria-label="Slideshow"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
      }}
    >
      <div
        className="widget-slides"
        style={{ maxWidth: SLIDESHOW.width, aspectRatio: `${SLIDESHOW.width} / ${SLIDESHOW.height}` }}
        aria-live={playing ? "off" : "polite"}
        id={`${id}-slides`}
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group with the roledescription "slide"
          <div
            key={String(i)}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            inert={i !== index}
            className={i === index ? "widget-slide is-current" : "widget-slide"}
            style={{ transitionDuration: reduced ? "0ms" : `${SLIDESHOW.fadeMs}ms` }}
          >
            <Adopt node={slide} />
          </div>
        ))}
      </div>
      <div className="widget-controls">
        <button type="button" aria-controls={`${id}-slides`} onClick={() => show.go(index - 1)}>
          Previous slide
        </button>
        <button type="button" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
          {paused ? "Play" : "Pause"}
        </button>
        <button type="button" aria-controls={`${id}-slides`} onClick={() => show.go(index + 1)}>
          Next slide
        </button>
      </div>
    </section>
  );
}

export function mount(element: HTMLElement) {
  return mountReact(element, (children) => <Slideshow slides={children} />);
}
