import { mountReact } from "../mountReact";
import { ringProgress } from "../rules";
import "../widgets.css";

const R = 42;
const CIRCUMFERENCE = 2 * Math.PI * R;

/** Progress ring (storefront §4): `data-percent` from 0 to 100, drawn as a ring; complete at 100 %. */
function ProgressRing({ value, label }: { value: string | undefined; label: string }) {
  const { percent, complete } = ringProgress(value);
  return (
    <div
      className={complete ? "widget-ring is-complete" : "widget-ring"}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label || "Progress"}
    >
      <svg viewBox="0 0 100 100" width="100" height="100" aria-hidden="true">
        <circle className="widget-ring-track" cx="50" cy="50" r={R} />
        <circle
          className="widget-ring-bar"
          cx="50"
          cy="50"
          r={R}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
        />
      </svg>
      <span className="widget-ring-text">{complete ? "Complete" : `${Math.round(percent)}%`}</span>
      {label && <span className="widget-ring-label">{label}</span>}
    </div>
  );
}

export function mount(element: HTMLElement) {
  const label = element.textContent?.trim() ?? "";
  return mountReact(element, () => <ProgressRing value={element.dataset.percent} label={label} />);
}
