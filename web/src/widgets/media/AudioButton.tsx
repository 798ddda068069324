import { useEffect, useMemo, useState } from "react";
import { mountInstead } from "../mountReact";
import { safeUrl } from "../rules";
import { joinPlayers } from "./oneAtATime";
import "../widgets.css";

/**
 * Audio button (back-office §2.7, §4): a link to a sound file becomes a Play/Pause toggle, playing or
 * paused. Its player joins the page's others, so only one plays at a time.
 */
function AudioButton({ src, label }: { src: string; label: string }) {
  const audio = useMemo(() => {
    const a = new Audio();
    a.preload = "none";
    a.src = src;
    return a;
  }, [src]);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const leave = joinPlayers(audio);
    const on = () => setPlaying(true);
    const off = () => setPlaying(false);
    audio.addEventListener("play", on);
    audio.addEventListener("pause", off);
    audio.addEventListener("ended", off);
    return () => {
      leave();
      audio.pause();
      audio.removeEventListener("play", on);
      audio.removeEventListener("pause", off);
      audio.removeEventListener("ended", off);
    };
  }, [audio]);
  return (
    <button
      type="button"
      className={playing ? "widget-audio-button is-playing" : "widget-audio-button"}
      aria-pressed={playing}
      onClick={() => (audio.paused ? void audio.play().catch(() => setPlaying(false)) : audio.pause())}
    >
      <span aria-hidden="true">{playing ? "❚❚ " : "▶ "}</span>
      {label}
    </button>
  );
}

export function mount(element: HTMLElement) {
  const href = element.getAttribute("href") ?? "";
  if (!safeUrl(href, window.location.origin)) return () => {};
  const label = element.textContent?.trim() || "Listen";
  // A button cannot sit inside the link: the link makes way for the button (and comes back on unmount).
  return mountInstead(element, () => <AudioButton src={href} label={label} />);
}
