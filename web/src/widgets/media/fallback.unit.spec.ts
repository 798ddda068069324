import { describe, expect, it } from "vitest";
import {
  analyticsStep,
  cannotPlay,
  EMBED_ORIGINS,
  embedUrl,
  fallbackFor,
  flag,
  namedVideo,
  skinClass,
  UNPLAYABLE_MESSAGE,
  vimeoVideo,
  youtubeVideo,
} from "./fallback";

const NO_TIMES = { autostart: false, start: 0, end: null };
// HTMLMediaElement's codes: MEDIA_ERR_ABORTED 1, NETWORK 2, DECODE 3, SRC_NOT_SUPPORTED 4; networkState NETWORK_LOADING 2, NETWORK_NO_SOURCE 3.
const LOADING = 2;
const NO_SOURCE = 3;

describe("spec 2: a player that cannot play falls back (storefront §197, back-office §4, §8)", () => {
  it("spec 2: an unsupported type, a network or a decode error means the player cannot play; an aborted load does not", () => {
    for (const errorCode of [2, 3, 4])
      expect(cannotPlay({ errorCode, networkState: NO_SOURCE, sources: 0 })).toBe(true);
    expect(cannotPlay({ errorCode: 1, networkState: LOADING, sources: 0 })).toBe(false);
    expect(cannotPlay({ errorCode: null, networkState: LOADING, sources: 0 })).toBe(false);
  });

  it("spec 2: a failing <source> gives up the player only when it is the last one (the browser tries the next)", () => {
    expect(cannotPlay({ errorCode: null, networkState: LOADING, sources: 2, failedSource: 0 })).toBe(false);
    expect(cannotPlay({ errorCode: null, networkState: LOADING, sources: 2, failedSource: 1 })).toBe(true);
  });

  it("spec 2: a player whose every source failed before its code loaded falls back when it mounts", () => {
    expect(cannotPlay({ errorCode: null, networkState: NO_SOURCE, sources: 2 })).toBe(true);
    expect(cannotPlay({ errorCode: null, networkState: LOADING, sources: 2 })).toBe(false);
  });

  it("spec 2: media that names a YouTube video falls back to its youtube-nocookie embed", () => {
    for (const ref of [
      "dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://m.youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    ])
      expect(fallbackFor(youtubeVideo(ref), NO_TIMES)).toEqual({
        kind: "embed",
        src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      });
  });

  it("spec 2: media that names a Vimeo video falls back to its player.vimeo.com embed (an unlisted video keeps its hash)", () => {
    for (const ref of ["76979871", "https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"])
      expect(fallbackFor(vimeoVideo(ref), NO_TIMES)).toEqual({
        kind: "embed",
        src: "https://player.vimeo.com/video/76979871",
      });
    expect(embedUrl(vimeoVideo("https://vimeo.com/channels/staffpicks/76979871/abc123def")!, NO_TIMES)).toBe(
      "https://player.vimeo.com/video/76979871?h=abc123def",
    );
  });

  it("spec 2: media that names no video site shows 'This media file cannot be played in your browser.'", () => {
    expect(UNPLAYABLE_MESSAGE).toBe("This media file cannot be played in your browser.");
    expect(fallbackFor(null, NO_TIMES)).toEqual({ kind: "message", text: UNPLAYABLE_MESSAGE });
    expect(namedVideo({ urls: ["/media/talk.mp4", "https://example.org/watch?v=dQw4w9WgXcQ"] })).toBeNull();
  });

  it("spec 2: the video is named by data-youtube or data-vimeo first, else by a video-site url in src, <source> or a fallback link", () => {
    expect(namedVideo({ youtube: "dQw4w9WgXcQ", urls: ["https://vimeo.com/1"] })).toEqual({
      site: "youtube",
      id: "dQw4w9WgXcQ",
    });
    expect(namedVideo({ vimeo: "https://vimeo.com/42", urls: [] })).toEqual({ site: "vimeo", id: "42", hash: null });
    expect(namedVideo({ urls: ["/media/talk.mp4", "", "https://youtu.be/dQw4w9WgXcQ"] })).toEqual({
      site: "youtube",
      id: "dQw4w9WgXcQ",
    });
  });

  it("spec 2: only the two embed hosts are ever framed; a look-alike host or a malformed id is no video", () => {
    expect(Object.values(EMBED_ORIGINS)).toEqual(["https://www.youtube-nocookie.com", "https://player.vimeo.com"]);
    for (const ref of [
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ%22%3E",
      "https://evilvimeo.com/76979871",
      "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
      "dQw4w9WgXc", // 10 characters
    ])
      expect(namedVideo({ urls: [ref] })).toBeNull();
    expect(youtubeVideo("../../x?y=dQw4w9WgXcQ")).toBeNull();
  });

  it("spec 2: autostart carries into the embed muted, as browsers require; the start and end times too", () => {
    const yt = youtubeVideo("dQw4w9WgXcQ")!;
    expect(embedUrl(yt, { autostart: true, start: 12.5, end: 30.2 })).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1&start=12&end=31",
    );
    expect(embedUrl(vimeoVideo("42")!, { autostart: true, start: 5, end: null })).toBe(
      "https://player.vimeo.com/video/42?autoplay=1&muted=1#t=5s",
    );
  });
});

describe("spec 2: the player's autostart, analytic and skin settings (storefront §2 media attributes)", () => {
  it("spec 2: a setting is on when present, off when absent or false/0/no/off", () => {
    expect(flag("")).toBe(true);
    expect(flag("true")).toBe(true);
    expect(flag(undefined)).toBe(false);
    for (const off of ["false", "0", "NO", " off "]) expect(flag(off)).toBe(false);
  });

  it("spec 2: analytic sends media_play once per playthrough and media_complete at its end", () => {
    const moments: Array<"play" | "end"> = ["play", "play", "end", "end", "play", "end"];
    let playing = false;
    const sent = moments.map((moment) => {
      const step = analyticsStep(moment, playing);
      playing = step.playing;
      return step.send;
    });
    expect(sent).toEqual(["media_play", null, "media_complete", null, "media_play", "media_complete"]);
  });

  it("spec 2: skin is a CSS class on the player; a name that is no plain word gives none", () => {
    expect(skinClass("Dark")).toBe("media-skin-dark");
    expect(skinClass("glow-2")).toBe("media-skin-glow-2");
    expect(skinClass("a b")).toBeNull();
    expect(skinClass('x" onload="y')).toBeNull();
    expect(skinClass(undefined)).toBeNull();
  });
});
