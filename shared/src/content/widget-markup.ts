/**
 * The storefront widgets a page body may hold (docs/widgets.md): each one's name (its `data-widget`)
 * and a starting piece of markup the back-office toolbox inserts for staff to fill in. The storefront
 * mounts a widget by this name; the markup passes the body sanitiser unchanged (a test checks it).
 */
export const WIDGET_MARKUP = {
  overlay: {
    title: "Overlay (image set)",
    markup:
      '<a href="/media/photo-1.jpg" data-widget="overlay" data-rel="photos" title="First photo">First photo</a> ' +
      '<a href="/media/photo-2.jpg" data-widget="overlay" data-rel="photos" title="Second photo">Second photo</a>',
  },
  "overlay-element": {
    title: "Overlay (part of the page)",
    markup:
      '<a href="#overlay-details" data-widget="overlay" title="Details">Details</a><div id="overlay-details"><p>Shown in the overlay.</p></div>',
  },
  tabs: {
    title: "Tabs",
    markup:
      '<div data-widget="tabs"><section><h3>First tab</h3><p>Text.</p></section><section><h3>Second tab</h3><p>Text.</p></section></div>',
  },
  accordion: {
    title: "Accordion (phones)",
    markup:
      '<div data-widget="accordion"><details><summary>Question</summary><p>Answer.</p></details><details><summary>Question</summary><p>Answer.</p></details></div>',
  },
  slideshow: {
    title: "Slideshow",
    markup:
      '<div data-widget="slideshow"><img src="/media/slide-1.jpg" alt="First slide" width="640" height="480" /><img src="/media/slide-2.jpg" alt="Second slide" width="640" height="480" /></div>',
  },
  testimonials: {
    title: "Rotating testimonials",
    markup:
      '<div data-widget="testimonials"><blockquote><p>Quote.</p><footer>Name</footer></blockquote><blockquote><p>Quote.</p><footer>Name</footer></blockquote></div>',
  },
  countdown: {
    title: "Countdown",
    markup:
      '<div data-widget="countdown" data-redirect="/"><p>Starts in <time datetime="2030-01-01T09:00:00Z">January 1, 2030</time></p></div>',
  },
  stepper: {
    title: "Stepper",
    markup:
      '<div data-widget="stepper"><section><p>First step.</p></section><section><p>Second step.</p></section></div>',
  },
  "progress-ring": {
    title: "Progress ring",
    markup: '<div data-widget="progress-ring" data-percent="50">Raised so far</div>',
  },
  tooltip: { title: "Tooltip", markup: '<span data-widget="tooltip" title="The explanation">term</span>' },
  "audio-button": {
    title: "Audio button",
    markup: '<a href="/media/sound.mp3" data-widget="audio-button">Listen</a>',
  },
  "scroll-slider": {
    title: "Scroll slider",
    markup: '<div data-widget="scroll-slider"><div><p>First item</p></div><div><p>Second item</p></div></div>',
  },
  "panel-slider": {
    title: "Panel slider",
    markup:
      '<div data-widget="panel-slider"><a href="/media/large-1.jpg"><img src="/media/thumb-1.jpg" alt="First picture" /></a><a href="/media/large-2.jpg"><img src="/media/thumb-2.jpg" alt="Second picture" /></a></div>',
  },
  "issue-viewer": {
    title: "Issue viewer",
    markup:
      '<a href="#issue-pages" data-widget="issue-viewer" title="Magazine issue">Read the issue</a><div id="issue-pages"><img src="/media/page-1.jpg" alt="Cover" /><img src="/media/page-2.jpg" alt="Page 2" /></div>',
  },
  thermometer: {
    title: "Campaign thermometer",
    markup:
      '<div data-widget="thermometer" data-campaign="ark-main" data-template="thermometer">Campaign progress</div>',
  },
} as const satisfies Record<string, { title: string; markup: string }>;

export type WidgetMarkupKey = keyof typeof WIDGET_MARKUP;
/** The names the storefront mounts (`data-widget`); the two overlay snippets share one. */
export type WidgetName = Exclude<WidgetMarkupKey, "overlay-element">;
