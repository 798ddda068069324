import { ANALYTICS_META, type ExternalAnalytics } from "@shop/shared/analytics/constants";
import { socialImageUrl } from "@shop/shared/media/images";

/** What the server renderer (web/src/entry-server.tsx) answers for one page. */
export interface RenderedPage {
  status: number;
  head: { title: string; description: string; path: string; image?: string | null; type?: string };
  redirect?: string;
  html: string;
  state: unknown;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The page's title, description, canonical URL and Open Graph tags. */
export function headTags(head: RenderedPage["head"], origin: string): string {
  const url = new URL(head.path, origin).href;
  const image = head.image ? new URL(socialImageUrl(head.image), origin).href : null;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="${escapeHtml(head.type ?? "website")}" />`,
    `<meta property="og:site_name" content="Ark &amp; Answers Store" />`,
  ];
  if (image) tags.push(`<meta property="og:image" content="${escapeHtml(image)}" />`);
  return tags.join("\n    ");
}

/**
 * The built index.html with the rendered page in it: the head tags replace the shell's title and
 * description, the markup goes into #root, and the store's state follows as a JSON data block. A data
 * block is not a script (the CSP runs no inline script); `<` is escaped so no text in it can close it.
 */
export function pageHtml(
  template: string,
  page: RenderedPage,
  origin: string,
  analytics: ExternalAnalytics | null = null,
): string {
  const state = JSON.stringify(page.state).replace(/</g, "\\u003c");
  // Function replacements: a string one would read `$\``, `$&` or `$'` in the page's text (a visitor's
  // query echoed in a message) as "the template around the match" and copy the template into the page.
  // The third-party analytics the page also reports to (ANALYTICS), read by web/src/platform/analytics.ts.
  const service = analytics
    ? `\n    <meta name="${ANALYTICS_META}" content="${escapeHtml(analytics.kind === "ga4" ? `ga4:${analytics.id}` : `plausible:${analytics.domain}`)}" />`
    : "";
  const head = `  ${headTags(page.head, origin)}${service}\n  </head>`;
  const root = `<div id="root">${page.html}</div>\n    <script type="application/json" id="ssr-state">${state}</script>`;
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, "")
    .replace(/<meta name="description"[^>]*>\s*/, "")
    .replace("</head>", () => head)
    .replace('<div id="root"></div>', () => root);
}
