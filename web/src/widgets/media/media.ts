import { joinPlayers } from "./oneAtATime";
import { takeOverPlayer } from "./player";
import "../widgets.css";

/**
 * The HTML5 players of a page body (embed_media's, or hand-written): one plays at a time, within its
 * start and end times, with its skin, autostart and analytics; one that cannot play falls back to its
 * video site's embed or says so.
 */
export function mount(root: HTMLElement) {
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const leave = Array.from(root.querySelectorAll<HTMLMediaElement>("video, audio"), (media) => {
    const player = takeOverPlayer(media, reducedMotion);
    const leaveSet = joinPlayers(media, player.clipEnded);
    return () => {
      leaveSet();
      player.release();
    };
  });
  return () => {
    for (const off of leave) off();
  };
}
