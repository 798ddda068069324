import { createRequire } from "node:module";
import { LRUCache } from "lru-cache";
import type sanitizeHtmlLibrary from "sanitize-html";
import {
  BODY_HTML_ATTRIBUTES,
  BODY_HTML_TAGS,
  BODY_URL_ATTRIBUTES,
  BODY_URL_SCHEMES,
  isInternalLink,
} from "@shop/shared";

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * A link off the organisation's sites (`isInternalLink`: its hosts and private IP:port are ours)
 * opens in a new tab without handing over the page (`noopener noreferrer`); staff need not remember to.
 * Links within the sites keep what staff wrote. mailto: and tel: are left alone.
 */
function externalLink(tagName: string, attribs: sanitizeHtmlLibrary.Attributes): sanitizeHtmlLibrary.Tag {
  const href = attribs.href?.trim() ?? "";
  if (!/^(https?:)?\/\//i.test(href) || isInternalLink(href)) return { tagName, attribs };
  const rel = new Set((attribs.rel ?? "").split(/\s+/).filter(Boolean));
  for (const word of ["external", "noopener", "noreferrer"]) rel.add(word);
  return { tagName, attribs: { ...attribs, target: "_blank", rel: [...rel].join(" ") } };
}

/** The allowlist, from the library's own defaults for what they cover. */
const optionsOf = (sanitize: typeof sanitizeHtmlLibrary): sanitizeHtmlLibrary.IOptions => ({
  allowedTags: [...BODY_HTML_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(BODY_HTML_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...BODY_URL_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: [...BODY_URL_ATTRIBUTES],
  allowProtocolRelative: true,
  disallowedTagsMode: "discard",
  // A dropped tag keeps its text, except these, whose content is code or markup the browser would not show as text.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "template",
    "iframe",
    "noembed",
    "noframes",
    "xmp",
    "title",
    "object",
    "svg",
    "math",
  ],
  parseStyleAttributes: false,
  transformTags: { a: externalLink },
  selfClosing: [...sanitize.defaults.selfClosing, "source", "track", "wbr"],
  // `<a download>` is a boolean use of download (keep the file's own name).
  nonBooleanAttributes: sanitize.defaults.nonBooleanAttributes.filter((name) => name !== "download"),
});

// sanitize-html, with htmlparser2 and postcss, is about 2 MB of heap: it loads (synchronously, it is
// CommonJS) on the first body to clean. A server whose read models are current renders no body until
// a visitor asks for a page that needs it, or staff save one.
let sanitizer: { sanitize: typeof sanitizeHtmlLibrary; options: sanitizeHtmlLibrary.IOptions } | null = null;
function loadSanitizer() {
  if (!sanitizer) {
    const sanitize = createRequire(import.meta.url)("sanitize-html") as typeof sanitizeHtmlLibrary;
    sanitizer = { sanitize, options: optionsOf(sanitize) };
  }
  return sanitizer;
}

// A page renders to the same HTML for each visitor of an audience, and parsing costs about a
// millisecond per few kB: keep recent answers, bounded by their size (characters, ~16 MB of strings).
const sanitized = new LRUCache<string, string>({
  maxSize: 8_000_000,
  sizeCalculation: (clean, html) => clean.length + html.length || 1,
});

/**
 * Staff write the body's HTML, but a page is shown to every visitor. The whole rendered body (HTML
 * and expanded template tags together, so a tag cannot split a `<script>` or an `onerror` past it)
 * goes once through sanitize-html with the allowlist in shared/src/content/body-html.ts; what it
 * gives back is re-serialised from its parse, so the browser reads the same tree.
 */
export function sanitizeHtml(html: string): string {
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  const { sanitize, options } = loadSanitizer();
  const clean = sanitize(html, options);
  sanitized.set(html, clean);
  return clean;
}
