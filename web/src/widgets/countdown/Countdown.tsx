import { useEffect, useState } from "react";
import { Adopt, mountReact } from "../mountReact";
import { sameSitePath } from "../rules";
import { countdown, type Remaining, remaining, remainingText } from "../timing";
import "../widgets.css";

/**
 * Countdown (storefront §3, §4): to the `<time datetime>` inside the markup, ticking each second;
 * at zero it goes to `data-redirect` when that is a page of this site. The time left is a timer
 * region, not a live one: a screen reader is not told every second.
 */
function Countdown({ end, redirect, label }: { end: number; redirect: string | null; label: HTMLElement[] }) {
  const [left, setLeft] = useState<Remaining>(() => remaining(end, Date.now()));
  useEffect(() => {
    const c = countdown(
      end,
      () => Date.now(),
      setLeft,
      () => {
        if (redirect) window.location.assign(redirect);
      },
    );
    return c.stop;
  }, [end, redirect]);
  return (
    <div className="widget-countdown">
      {label.map((node, i) => (
        <Adopt key={String(i)} node={node} />
      ))}
      <p role="timer" aria-label="Time left" className="widget-countdown-time">
        {left.done ? "Time is up" : remainingText(left)}
      </p>
    </div>
  );
}

export function mount(element: HTMLElement) {
  const end = Date.parse(element.querySelector("time")?.getAttribute("datetime") ?? "");
  if (Number.isNaN(end)) return () => {};
  const redirect = sameSitePath(element.dataset.redirect, window.location.origin);
  return mountReact(element, (children) => <Countdown end={end} redirect={redirect} label={children} />);
}
