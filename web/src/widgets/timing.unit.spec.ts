import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  COUNTDOWN_TICK_MS,
  countdown,
  remaining,
  remainingText,
  rotator,
  SLIDESHOW,
  TESTIMONIAL_MS,
  wrapIndex,
  SLIDER,
  clickGuard,
  pageCount,
  pageOf,
  sliderRotation,
} from "./timing";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("slideshow (storefront §9)", () => {
  it("SLIDESHOW: 640x480, 5,000 ms per slide, 1,000 ms fade, loop on", () => {
    expect(SLIDESHOW).toEqual({ width: 640, height: 480, slideMs: 5000, fadeMs: 1000, loop: true });
  });
  it("each slide shows 5,000 ms, then the next; after the last the first comes again (loop)", () => {
    const seen: number[] = [];
    const r = rotator(3, SLIDESHOW.slideMs, (i) => seen.push(i), SLIDESHOW.loop);
    r.start();
    vi.advanceTimersByTime(4999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([1, 2, 0]);
  });
  it("without loop the show stops on its last slide", () => {
    const seen: number[] = [];
    const r = rotator(2, 5000, (i) => seen.push(i), false);
    r.start();
    vi.advanceTimersByTime(20_000);
    expect(seen).toEqual([1]);
    expect(r.running).toBe(false);
  });
  it("a jump (prev/next) shows that slide and waits the full 5,000 ms again; pause stops the show", () => {
    const seen: number[] = [];
    const r = rotator(4, 5000, (i) => seen.push(i));
    r.start();
    vi.advanceTimersByTime(4000);
    r.go(-1);
    expect(seen).toEqual([3]);
    vi.advanceTimersByTime(4999);
    expect(seen).toEqual([3]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([3, 0]);
    r.stop();
    vi.advanceTimersByTime(60_000);
    expect(seen).toEqual([3, 0]);
  });
  it("a single slide never moves", () => {
    const seen: number[] = [];
    rotator(1, 5000, (i) => seen.push(i)).start();
    vi.advanceTimersByTime(60_000);
    expect(seen).toEqual([]);
  });
});

describe("testimonials (storefront §9)", () => {
  it("TESTIMONIAL_MS: testimonials rotate every 20 seconds", () => {
    expect(TESTIMONIAL_MS).toBe(20_000);
    const seen: number[] = [];
    rotator(2, TESTIMONIAL_MS, (i) => seen.push(i)).start();
    vi.advanceTimersByTime(19_999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(20_001);
    expect(seen).toEqual([1, 0]);
  });
});

describe("stepper (storefront §4)", () => {
  it("the stepper wraps around at both ends", () => {
    expect([wrapIndex(3, 3), wrapIndex(-1, 3), wrapIndex(1, 3), wrapIndex(0, 0)]).toEqual([0, 2, 1, 0]);
  });
});

describe("countdown (storefront §4)", () => {
  it("COUNTDOWN_TICK_MS: the countdown ticks each second", () => {
    expect(COUNTDOWN_TICK_MS).toBe(1000);
    const start = Date.parse("2026-12-24T23:59:57Z");
    vi.setSystemTime(start);
    const ticks: string[] = [];
    let zero = 0;
    countdown(
      start + 3000,
      () => Date.now(),
      (r) => ticks.push(remainingText(r)),
      () => zero++,
    );
    expect(ticks).toEqual(["00:00:03"]);
    vi.advanceTimersByTime(1000);
    expect(ticks).toEqual(["00:00:03", "00:00:02"]);
    vi.advanceTimersByTime(2000);
    expect(ticks).toEqual(["00:00:03", "00:00:02", "00:00:01", "00:00:00"]);
    expect(zero).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(ticks).toHaveLength(4); // stopped at zero
    expect(zero).toBe(1);
  });
  it("redirects at zero: a date already past reaches zero at once", () => {
    vi.setSystemTime(Date.parse("2027-01-01T00:00:00Z"));
    let zero = 0;
    countdown(
      Date.parse("2026-12-25T00:00:00Z"),
      () => Date.now(),
      () => {},
      () => zero++,
    );
    expect(zero).toBe(1);
  });
  it("shows days, then hours, minutes and seconds", () => {
    const r = remaining(Date.parse("2026-12-25T00:00:00Z"), Date.parse("2026-12-23T21:58:59.500Z"));
    expect(r).toEqual({ days: 1, hours: 2, minutes: 1, seconds: 1, done: false });
    expect(remainingText(r)).toBe("1 day 02:01:01");
    expect(remainingText(remaining(9 * 86_400_000, 0))).toBe("9 days 00:00:00");
  });
});

describe("sliders (back-office §9)", () => {
  it("SLIDER: slide duration 500 ms, panel slider 4 items per page, double-click guard 100 ms, rotate delay 5,000 ms, pause 6,000 ms", () => {
    expect(SLIDER).toEqual({ slideMs: 500, panelPerPage: 4, doubleClickGuardMs: 100, rotateMs: 5000, pauseMs: 6000 });
    expect([pageCount(9, SLIDER.panelPerPage), pageOf(3, 4), pageOf(4, 4), pageCount(0, 4)]).toEqual([3, 0, 1, 1]);
  });
  it("double-click guard: a second click within 100 ms is ignored", () => {
    const guard = clickGuard(SLIDER.doubleClickGuardMs);
    let moves = 0;
    guard(() => moves++);
    vi.advanceTimersByTime(99);
    guard(() => moves++);
    expect(moves).toBe(1);
    vi.advanceTimersByTime(1);
    guard(() => moves++);
    expect(moves).toBe(2);
  });

  it("rotate delay: a started slider moves every 5,000 ms", () => {
    let moves = 0;
    sliderRotation(() => moves++).start();
    vi.advanceTimersByTime(4999);
    expect(moves).toBe(0);
    vi.advanceTimersByTime(1);
    expect(moves).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(moves).toBe(3);
  });
  it("pause: after an interaction the next move comes 6,000 ms later, then every 5,000 ms again", () => {
    let moves = 0;
    const r = sliderRotation(() => moves++);
    r.start();
    vi.advanceTimersByTime(4000);
    r.interact();
    vi.advanceTimersByTime(5999);
    expect(moves).toBe(0);
    vi.advanceTimersByTime(1);
    expect(moves).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(moves).toBe(2);
  });
  it("pause: hover or keyboard focus holds the slider; leaving it waits 6,000 ms before the next move", () => {
    let moves = 0;
    const r = sliderRotation(() => moves++);
    r.start();
    r.hold();
    r.interact(); // a click while held does not restart it
    vi.advanceTimersByTime(60_000);
    expect(moves).toBe(0);
    r.release();
    vi.advanceTimersByTime(5999);
    expect(moves).toBe(0);
    vi.advanceTimersByTime(1);
    expect(moves).toBe(1);
  });
  it("a stopped rotation (Pause, reduced motion, off screen, hidden tab) never moves, nor does an interaction start it", () => {
    let moves = 0;
    const r = sliderRotation(() => moves++);
    r.start();
    r.stop();
    r.interact();
    r.hold();
    r.release();
    vi.advanceTimersByTime(60_000);
    expect(moves).toBe(0);
    expect(r.running).toBe(false);
  });
});
