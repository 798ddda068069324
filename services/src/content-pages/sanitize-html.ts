/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * Staff write the body's HTML, but a page is shown to every visitor: drop what could run script
 * (script/object/embed/applet/base tags, on* handlers, javascript:/vbscript: and data: urls other
 * than images) and keep the rest as written.
 */
export function sanitizeHtml(html: string): string {
  return html
    .replace(/<(script|style|object|embed|applet|base|meta|link)\b[\s\S]*?(<\/\1\s*>|$)/gi, (m, tag: string) => (/^(meta|link|base)$/i.test(tag) ? m.replace(/^<[^>]*>/, "") : ""))
    .replace(/<(meta|link|base)\b[^>]*>/gi, "")
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "")
    .replace(/\s(href|src|action|formaction|xlink:href)\s*=\s*("|')?\s*(javascript|vbscript|data(?!:image\/))[^"'\s>]*\2?/gi, ' $1="#"');
}
