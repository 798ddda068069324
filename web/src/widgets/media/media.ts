import { joinPlayers } from "./oneAtATime";

/** The HTML5 players of a page body (embed_media's, or hand-written): one plays at a time, within its start and end times. */
export function mount(root: HTMLElement) {
  const leave = Array.from(root.querySelectorAll<HTMLMediaElement>("video, audio"), joinPlayers);
  return () => {
    for (const off of leave) off();
  };
}
