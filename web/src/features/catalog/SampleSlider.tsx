import { useState } from "react";
import type { Product } from "./catalogTypes";
import { Overlay } from "./Overlay";

type Samples = NonNullable<Product["samples"]>;

/** Sample pages as thumbnails; one enlarges in a slider with previous and next (§2; `media=n` opens the nth). */
export function SampleSlider({ samples, openAt }: { samples: Samples; openAt?: number }) {
  const [open, setOpen] = useState<number | null>(
    openAt && openAt >= 1 && openAt <= samples.length ? openAt - 1 : null,
  );
  const step = (by: number) => setOpen((i) => (i === null ? null : (i + by + samples.length) % samples.length));
  return (
    <>
      <ul className="sample-thumbs" aria-label="Samples">
        {samples.map((sample, i) => (
          <li key={sample.url}>
            <button type="button" onClick={() => setOpen(i)} aria-label={`Enlarge sample ${i + 1}`}>
              <img src={sample.url} alt="" width="64" height="64" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Overlay title={`Sample ${open + 1} of ${samples.length}`} onClose={() => setOpen(null)}>
          <img src={samples[open].url} alt={samples[open].title ?? `Sample ${open + 1}`} className="sample-large" />
          <div className="slider-buttons">
            <button type="button" onClick={() => step(-1)}>
              Previous
            </button>
            <button type="button" onClick={() => step(1)}>
              Next
            </button>
          </div>
        </Overlay>
      )}
    </>
  );
}
