import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { BODY_HTML_ATTRIBUTES, BODY_HTML_TAGS, BODY_URL_ATTRIBUTES, isAllowedBodyUrl } from "@shop/shared";

// The same allowlist as the server's sanitiser (shared/src/content/body-html.ts), applied with DOMPurify:
// it uses the browser's own parser, so it adds little to the bar's bundle.
const EVERY_TAG = BODY_HTML_ATTRIBUTES["*"];
const URL_ATTRIBUTES: readonly string[] = BODY_URL_ATTRIBUTES;
// DOMPurify's own url check, narrowed to http, https, mailto, tel and relative urls (template tags such as `{% get_urls %}` are relative).
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let purifier: Purifier | null = null;

function instance(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // DOMPurify allows attributes for every tag alike: keep each only on the tags the allowlist names.
  purifier.addHook("uponSanitizeAttribute", (node, data) => {
    const name = data.attrName;
    const allowed =
      EVERY_TAG.includes(name) || (BODY_HTML_ATTRIBUTES[node.nodeName.toLowerCase()] ?? []).includes(name);
    if (!allowed || (URL_ATTRIBUTES.includes(name) && !isAllowedBodyUrl(data.attrValue))) data.keepAttr = false;
  });
  return purifier;
}

/**
 * A body's HTML as the admin bar may put it into the page: the stored source (template tags stay as
 * text), a kept draft, or the page's own HTML. Whatever a staff member typed, no script runs here.
 */
export function sanitizeBody(html: string): string {
  return instance().sanitize(html, {
    ALLOWED_TAGS: [...BODY_HTML_TAGS],
    ALLOWED_ATTR: [...new Set(Object.values(BODY_HTML_ATTRIBUTES).flat())],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP,
  });
}
