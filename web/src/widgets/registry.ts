import { type RefObject, useEffect } from "react";
import type { WidgetName } from "@shop/shared/content/widget-markup";

/** A widget module: takes over its element and gives back how to let go of it. */
export type WidgetModule = { mount: (element: HTMLElement) => () => void };

// Each widget is its own chunk, fetched only when a page's body holds its markup: the storefront's
// initial bundle carries this table and nothing of the widgets (DESIGN §11's 150 kB).
// Keyed by the names the back-office toolbox inserts (shared/src/content/widget-markup.ts): one missing fails to compile.
const WIDGETS: Record<WidgetName, () => Promise<WidgetModule>> = {
  overlay: () => import("./overlay/mountOverlay"),
  tabs: () => import("./tabs/Tabs"),
  accordion: () => import("./accordion/Accordion"),
  slideshow: () => import("./slideshow/Slideshow"),
  testimonials: () => import("./testimonials/Testimonials"),
  countdown: () => import("./countdown/Countdown"),
  stepper: () => import("./stepper/Stepper"),
  "progress-ring": () => import("./progress-ring/ProgressRing"),
  tooltip: () => import("./tooltip/Tooltip"),
  "audio-button": () => import("./media/AudioButton"),
  "scroll-slider": () => import("./scroll-slider/ScrollSlider"),
  "panel-slider": () => import("./panel-slider/PanelSlider"),
  "issue-viewer": () => import("./issue-viewer/IssueViewer"),
  thermometer: () => import("./thermometer/Thermometer"),
};
// Every HTML5 player in a body (embed_media's) plays one at a time, with its start and end times.
const MEDIA = () => import("./media/media");

/**
 * Finds the widgets' markup (`data-widget="name"`, docs/widgets.md) in a rendered page body and
 * mounts each one's component; unknown names are left as the plain HTML they are. Gives back a
 * cleanup that unmounts them all (also those whose code arrives after it ran).
 */
export function mountWidgets(root: HTMLElement): () => void {
  let live = true;
  const cleanups: Array<() => void> = [];
  const start = (load: () => Promise<WidgetModule>, element: HTMLElement) =>
    load().then((module) => {
      if (live && element.isConnected) cleanups.push(module.mount(element));
    });
  for (const element of root.querySelectorAll<HTMLElement>("[data-widget]")) {
    const name = element.dataset.widget ?? "";
    const load = name in WIDGETS ? WIDGETS[name as WidgetName] : undefined;
    if (load) void start(load, element);
  }
  if (root.querySelector("video, audio")) void start(MEDIA, root);
  return () => {
    live = false;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}

/**
 * Mounts the widgets of the body in `ref` after the page renders (the server sends the plain markup).
 * While staff edit the body in place (the admin bar makes it `contenteditable` and shows its source)
 * the widgets step aside; when editing ends the body is the server's sanitised `html` again, with its
 * widgets mounted afresh (the bar would otherwise put back the mounted widgets' own DOM as HTML).
 */
export function useWidgets(ref: RefObject<HTMLElement | null>, html: string) {
  useEffect(() => {
    const body = ref.current;
    if (!body) return;
    let unmount: (() => void) | null = mountWidgets(body);
    const observer = new MutationObserver(() => {
      if (body.hasAttribute("contenteditable")) {
        unmount?.();
        unmount = null;
      } else if (!unmount) {
        // The same server-sanitised body React rendered here.
        body.innerHTML = html;
        unmount = mountWidgets(body);
      }
    });
    observer.observe(body, { attributes: true, attributeFilter: ["contenteditable"] });
    return () => {
      observer.disconnect();
      unmount?.();
    };
  }, [ref, html]);
}
