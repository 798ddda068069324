import { describe, expect, it } from "vitest";
import { CANNOT_PLAY, fallbackFor, skinClass } from "./fallback";

describe("spec 2: a player that cannot play falls back to the video site's embed, else says so", () => {
  it("spec 2: a YouTube id or link gives the no-cookie embed", () => {
    for (const youtube of [
      "dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
    ])
      expect(fallbackFor({ youtube }, "Ark tour")).toEqual({
        kind: "embed",
        src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
        title: "Ark tour",
      });
  });
  it("spec 2: a Vimeo id or link gives Vimeo's player", () => {
    for (const vimeo of ["76979871", "https://vimeo.com/76979871"])
      expect(fallbackFor({ vimeo }, "Tour")).toMatchObject({ src: "https://player.vimeo.com/video/76979871" });
  });
  it("spec 2: without one, or with a value that is no id, the message reworded for today", () => {
    expect(fallbackFor({}, "x")).toEqual({ kind: "message", text: CANNOT_PLAY });
    expect(fallbackFor({ youtube: "javascript:alert(1)" }, "x")).toEqual({ kind: "message", text: CANNOT_PLAY });
    expect(CANNOT_PLAY).toBe("This media file cannot be played in your browser.");
  });
  it("spec 2: skin is a class of letters, digits and dashes only", () => {
    expect(skinClass("Dark-1")).toBe("media-skin-dark-1");
    expect(skinClass('x" onclick="')).toBeNull();
    expect(skinClass(undefined)).toBeNull();
  });
});
