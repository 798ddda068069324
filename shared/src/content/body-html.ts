/**
 * What a page body's HTML may hold: the one allowlist behind the server's sanitiser (the public
 * `body_html`) and the admin bar's (the body it shows while editing in place). It is the HTML the
 * page tags render (links, footnotes, scripture, media players, lists) and the plain document markup
 * editors write by hand (headings, paragraphs, images, tables, accordions). Everything else is
 * dropped: script, style, iframes, objects, forms, svg, math, `<base>`, event handlers, style
 * attributes, and urls of any scheme but http, https, mailto and tel.
 */
export const BODY_HTML_TAGS = [
  // text
  "p",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "pre",
  "code",
  "kbd",
  "samp",
  "var",
  "em",
  "strong",
  "b",
  "i",
  "u",
  "s",
  "small",
  "sub",
  "sup",
  "mark",
  "abbr",
  "cite",
  "q",
  "dfn",
  "del",
  "ins",
  "span",
  "div",
  "time",
  "address",
  "wbr",
  // structure and widgets (expanders are details/summary)
  "section",
  "article",
  "aside",
  "header",
  "footer",
  "figure",
  "figcaption",
  "details",
  "summary",
  // lists and tables
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "table",
  "caption",
  "colgroup",
  "col",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  // links, images and the HTML5 players embed_media renders
  "a",
  "img",
  "video",
  "audio",
  "source",
  "track",
] as const;

/** Attributes per tag; `*` applies to every tag above. No `style`, no `on*`, no `data-*` but the ones listed. */
export const BODY_HTML_ATTRIBUTES: Record<string, readonly string[]> = {
  // data-widget names the storefront widget that takes the element over (docs/widgets.md); its few
  // settings are the data-* below, plain values each widget parses, never markup or script.
  "*": ["class", "id", "title", "lang", "dir", "aria-label", "aria-hidden", "data-widget"],
  a: ["href", "hreflang", "target", "rel", "download", "data-overlay", "data-rel"],
  div: ["data-percent", "data-redirect", "data-campaign", "data-template"],
  img: ["src", "alt", "width", "height", "loading"],
  video: [
    "src",
    "poster",
    "controls",
    "preload",
    "width",
    "height",
    "loop",
    "muted",
    "playsinline",
    "data-start",
    "data-end",
    // The player's settings (spec 2): the video site's id to fall back to, autostart, skin, analytics.
    "data-youtube",
    "data-vimeo",
    "data-autostart",
    "data-skin",
    "data-analytic",
  ],
  audio: [
    "src",
    "controls",
    "preload",
    "loop",
    "muted",
    "data-start",
    "data-end",
    "data-youtube",
    "data-vimeo",
    "data-autostart",
    "data-skin",
    "data-analytic",
  ],
  source: ["src", "type"],
  track: ["src", "kind", "srclang", "label", "default"],
  // the scripture tag's reference and translation, read by the storefront's scripture widget
  cite: ["data-reference", "data-translation"],
  blockquote: ["cite"],
  q: ["cite"],
  del: ["cite", "datetime"],
  ins: ["cite", "datetime"],
  time: ["datetime"],
  ol: ["start", "reversed", "type"],
  li: ["value"],
  details: ["open"],
  th: ["colspan", "rowspan", "scope", "headers", "abbr"],
  td: ["colspan", "rowspan", "headers"],
  col: ["span"],
  colgroup: ["span"],
};

/** Attributes that hold a url: each must pass `isAllowedBodyUrl`. */
export const BODY_URL_ATTRIBUTES = ["href", "src", "poster", "cite", "data-redirect"] as const;
export const BODY_URL_SCHEMES = ["http", "https", "mailto", "tel"] as const;

/**
 * A url a page body may use: relative (no scheme), or http, https, mailto or tel. Browsers ignore
 * tabs and newlines inside a url and spaces and control characters around it (`java\tscript:`), so
 * they are ignored here too; pass the url with its character references already decoded.
 */
export function isAllowedBodyUrl(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters browsers skip in a url are the point
  const compact = url.replace(/[\u0000-\u0020\u007f]+/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined || (BODY_URL_SCHEMES as readonly string[]).includes(scheme);
}
