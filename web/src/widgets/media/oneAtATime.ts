import { mediaWindow, pastEnd } from "../rules";

// Back-office §4: only one player plays at a time; starting one pauses the others. The players of a
// page body and the audio buttons' own players all join this one set.
const players = new Set<HTMLMediaElement>();

function onPlay(this: HTMLMediaElement) {
  for (const other of players) if (other !== this && !other.paused) other.pause();
}

/**
 * Adds a player to the one-at-a-time set and applies its `data-start`/`data-end` times; gives back how
 * to leave. `onClipEnd` hears the clip stop at its end time (the element fires no `ended` for it).
 */
export function joinPlayers(media: HTMLMediaElement, onClipEnd?: () => void): () => void {
  const { start, end } = mediaWindow(media.dataset.start, media.dataset.end);
  const toStart = () => {
    if (start && media.currentTime < start) media.currentTime = start;
  };
  const onTime = () => {
    if (pastEnd(media.currentTime, end)) {
      media.pause();
      media.currentTime = start; // the next Play starts the clip again
      onClipEnd?.();
    }
  };
  players.add(media);
  media.addEventListener("play", onPlay);
  media.addEventListener("loadedmetadata", toStart);
  media.addEventListener("timeupdate", onTime);
  if (media.readyState >= 1) toStart();
  return () => {
    players.delete(media);
    media.removeEventListener("play", onPlay);
    media.removeEventListener("loadedmetadata", toStart);
    media.removeEventListener("timeupdate", onTime);
  };
}
