import { useId, useState } from "react";
import { Adopt, mountReact } from "../mountReact";
import { wrapIndex } from "../timing";
import "../widgets.css";

/** Stepper (storefront §4): one step at a time; Previous and Next cycle through the steps and wrap around. */
function Stepper({ steps }: { steps: HTMLElement[] }) {
  const id = useId();
  const [index, setIndex] = useState(0);
  return (
    <section className="widget-stepper" aria-label="Steps">
      <p className="widget-stepper-count" id={`${id}-count`} aria-live="polite">
        Step {index + 1} of {steps.length}
      </p>
      {steps.map((step, i) => (
        <Adopt key={String(i)} node={step} hidden={i !== index} />
      ))}
      <div className="widget-controls">
        <button type="button" onClick={() => setIndex((i) => wrapIndex(i - 1, steps.length))}>
          Previous step
        </button>
        <button type="button" onClick={() => setIndex((i) => wrapIndex(i + 1, steps.length))}>
          Next step
        </button>
      </div>
    </section>
  );
}

export function mount(element: HTMLElement) {
  return mountReact(element, (children) => <Stepper steps={children} />);
}
