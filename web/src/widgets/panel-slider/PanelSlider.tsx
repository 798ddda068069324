import { useId, useMemo, useState } from "react";
import { mountReact, useReducedMotion } from "../mountReact";
import { safeUrl } from "../rules";
import { clickGuard, pageCount, pageOf, SLIDER } from "../timing";
import { useSliderRotation } from "../useSliderRotation";
import "../widgets.css";

type Picture = { src: string; alt: string; large: string };

/**
 * Panel slider (back-office §2.7, §9): the enlargement of the chosen picture above a row of
 * thumbnails, 4 to a page, paged by Previous/Next. A thumbnail is a button (pressed when shown);
 * a picture's enlargement is the link around it (`<a href="large.jpg"><img src="thumb.jpg"></a>`), else the image itself.
 * It shows the next picture by itself every 5,000 ms (its thumbnails' page follows), with a Pause button.
 */
function PanelSlider({ pictures }: { pictures: Picture[] }) {
  const id = useId();
  const reduced = useReducedMotion();
  const [shown, setShown] = useState(0);
  const [page, setPage] = useState(0);
  const guard = useMemo(() => clickGuard(SLIDER.doubleClickGuardMs), []);
  const pages = pageCount(pictures.length, SLIDER.panelPerPage);
  const first = page * SLIDER.panelPerPage;
  const picture = pictures[shown]!;
  const rotation = useSliderRotation(() => {
    const to = (shown + 1) % pictures.length;
    setShown(to);
    setPage(pageOf(to, SLIDER.panelPerPage));
  }, pictures.length > 1);

  return (
    <section ref={rotation.ref} className="widget-panel-slider" aria-label="Pictures" {...rotation.handlers}>
      <figure className="widget-panel-large" id={`${id}-large`} aria-live={rotation.playing ? "off" : "polite"}>
        <img key={shown} src={picture.large} alt={picture.alt} className={reduced ? undefined : "widget-fade-in"} />
        <figcaption>
          {picture.alt} ({shown + 1} of {pictures.length})
        </figcaption>
      </figure>
      <div className="widget-panel-row">
        {pages > 1 && (
          <button type="button" disabled={page === 0} onClick={() => guard(() => setPage(page - 1))}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Previous pictures</span>
          </button>
        )}
        <ul className="widget-panel-thumbs">
          {pictures.slice(first, first + SLIDER.panelPerPage).map((p, i) => (
            <li key={p.src + String(first + i)}>
              <button
                type="button"
                aria-pressed={first + i === shown}
                aria-controls={`${id}-large`}
                onClick={() => setShown(first + i)}
              >
                <img src={p.src} alt={`Show ${p.alt}`} />
              </button>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <button type="button" disabled={page === pages - 1} onClick={() => guard(() => setPage(page + 1))}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Next pictures</span>
          </button>
        )}
      </div>
      {pages > 1 && (
        <p className="widget-panel-page">
          Pictures {first + 1}–{Math.min(first + SLIDER.panelPerPage, pictures.length)} of {pictures.length}
        </p>
      )}
      {rotation.canRotate && (
        <div className="widget-controls">
          <button type="button" aria-pressed={rotation.paused} onClick={rotation.togglePaused}>
            {rotation.paused ? "Play" : "Pause"}
          </button>
        </div>
      )}
    </section>
  );
}

export function mount(element: HTMLElement) {
  const pictures = Array.from(element.querySelectorAll("img"), (img): Picture => {
    const large = img.closest("a")?.getAttribute("href");
    return { src: img.src, alt: img.alt, large: large && safeUrl(large, window.location.origin) ? large : img.src };
  });
  if (!pictures.length) return () => {};
  // The widget draws the pictures from their urls and alt texts; the markup comes back on unmount.
  return mountReact(element, () => <PanelSlider pictures={pictures} />);
}
