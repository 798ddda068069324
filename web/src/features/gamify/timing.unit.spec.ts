import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { entriesText, POPUP_FADE_MS, PULSE_MS, timedFlag } from "./timing";

describe("toolbar entries counter and achievement pop-up timings (fake clock)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("Animations 1500 ms: the counter pulses for 1.5 s on a change", () => {
    expect(PULSE_MS).toBe(1500);
    const states: boolean[] = [];
    const pulse = timedFlag(PULSE_MS, (on) => states.push(on));
    pulse.start();
    vi.advanceTimersByTime(1499);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
  });

  it("a change during a pulse runs the full 1.5 s again", () => {
    const states: boolean[] = [];
    const pulse = timedFlag(PULSE_MS, (on) => states.push(on));
    pulse.start();
    vi.advanceTimersByTime(1000);
    pulse.start();
    vi.advanceTimersByTime(1499);
    expect(states).toEqual([true, true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, true, false]);
  });

  it("achievement pop-up fade 1 s: closed, it is gone after 1 s", () => {
    expect(POPUP_FADE_MS).toBe(1000);
    const states: boolean[] = [];
    const fade = timedFlag(POPUP_FADE_MS, (on) => states.push(on));
    fade.start();
    vi.advanceTimersByTime(999);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
  });

  it("Singular wording is used when points equal 1", () => {
    expect(entriesText(1)).toBe("1 entry");
    expect(entriesText(0)).toBe("0 entries");
    expect(entriesText(9)).toBe("9 entries");
  });
});
