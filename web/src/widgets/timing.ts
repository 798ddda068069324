// The widgets' timings (back-office spec §9, storefront spec §4 and §9), as pure timers the components
// drive; the unit tests run them on a fake clock.

/** Storefront §9: a slideshow is 640x480, shows each slide 5,000 ms, fades 1,000 ms and loops. */
export const SLIDESHOW = { width: 640, height: 480, slideMs: 5000, fadeMs: 1000, loop: true } as const;
/** Storefront §9: testimonials rotate every 20 seconds. */
export const TESTIMONIAL_MS = 20_000;
/** Storefront §4: the countdown ticks each second. */
export const COUNTDOWN_TICK_MS = 1000;
/** A thermometer block asks for its campaign's status again every 120 s, after a failure too (back office timings). */
export const THERMOMETER_REFRESH_MS = 120_000;

/**
 * Moves an index through `count` items every `ms` while started; `loop` wraps past the last one,
 * else it stops there. `go` jumps (a button) and runs the full time again before the next move.
 */
export function rotator(count: number, ms: number, onChange: (index: number) => void, loop = true) {
  let index = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const start = () => {
    stop();
    if (count < 2) return;
    timer = setInterval(() => {
      if (!loop && index === count - 1) return stop();
      index = (index + 1) % count;
      onChange(index);
    }, ms);
  };
  return {
    start,
    stop,
    get running() {
      return timer !== null;
    },
    go(to: number) {
      index = wrapIndex(to, count);
      onChange(index);
      if (timer) start();
    },
  };
}

/** Back-office §9 / storefront §4: the stepper (and a rel set's prev/next) wraps around at both ends. */
export function wrapIndex(index: number, count: number): number {
  return count ? ((index % count) + count) % count : 0;
}

export type Remaining = { days: number; hours: number; minutes: number; seconds: number; done: boolean };

/** Whole seconds left until `end` (never below zero), split for display. */
export function remaining(end: number, now: number): Remaining {
  const total = Math.max(0, Math.ceil((end - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
    done: total === 0,
  };
}

export function remainingText(r: Remaining): string {
  const two = (n: number) => String(n).padStart(2, "0");
  const clock = `${two(r.hours)}:${two(r.minutes)}:${two(r.seconds)}`;
  return r.days ? `${r.days} ${r.days === 1 ? "day" : "days"} ${clock}` : clock;
}

/**
 * Storefront §4: ticks each second with what remains, and at zero calls `onZero` once (the widget
 * redirects there when the markup names a target). A date already past calls it at once.
 */
export function countdown(end: number, now: () => number, onTick: (r: Remaining) => void, onZero: () => void) {
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const tick = () => {
    const r = remaining(end, now());
    onTick(r);
    if (r.done) {
      stop();
      onZero();
    }
  };
  tick();
  if (!remaining(end, now()).done) timer = setInterval(tick, COUNTDOWN_TICK_MS);
  return { stop };
}

/**
 * Back-office §9: sliders slide for 500 ms, show 4 items a page (panel slider), ignore a second click
 * within 100 ms, rotate by themselves every 5,000 ms, and wait 6,000 ms after a visitor's interaction.
 */
export const SLIDER = {
  slideMs: 500,
  panelPerPage: 4,
  doubleClickGuardMs: 100,
  rotateMs: 5000,
  pauseMs: 6000,
} as const;

/**
 * Back-office §9's automatic rotation: while started, `advance` runs every `rotateMs`. An interaction
 * (click, key, swipe) puts the next move `pauseMs` after it, then every `rotateMs` again. `hold` (the
 * pointer over the slider, keyboard focus in it) stops the moves until `release`, which counts as an
 * interaction. The component starts it only when motion is allowed and the slider can be seen.
 */
export function sliderRotation(
  advance: () => void,
  rotateMs: number = SLIDER.rotateMs,
  pauseMs: number = SLIDER.pauseMs,
) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let started = false;
  let held = false;
  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const schedule = (ms: number) => {
    clear();
    if (!started || held) return;
    timer = setTimeout(() => {
      timer = null;
      advance();
      schedule(rotateMs);
    }, ms);
  };
  return {
    start() {
      started = true;
      schedule(rotateMs);
    },
    stop() {
      started = false;
      clear();
    },
    interact() {
      if (timer) schedule(pauseMs);
    },
    hold() {
      held = true;
      clear();
    },
    release() {
      if (!held) return;
      held = false;
      schedule(pauseMs);
    },
    get running() {
      return timer !== null;
    },
  };
}

/** Back-office §9's double-click guard: a call within `ms` of the last one that ran is ignored. */
export function clickGuard(ms: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return (run: () => void) => {
    const t = now();
    if (t - last < ms) return;
    last = t;
    run();
  };
}

/** The pages of a paged row: how many, and the page that holds item `index`. */
export function pageOf(index: number, perPage: number): number {
  return Math.floor(index / Math.max(1, perPage));
}
export function pageCount(items: number, perPage: number): number {
  return Math.max(1, Math.ceil(items / Math.max(1, perPage)));
}
