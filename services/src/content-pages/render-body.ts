import {
  DEFAULT_RESTRICT_CONTENT_MODE,
  DEFAULT_SCRIPTURE_TRANSLATION,
  parseTemplate,
  RESTRICT_CONTENT_MODES,
  SCRIPTURE_TRANSLATIONS,
  type TemplateNode,
} from "@shop/shared";
import { escapeHtml, sanitizeHtml } from "./sanitize-html.ts";

export interface Link {
  title: string;
  url: string;
}

/** What the tags may look up; the page router answers from the read models, tests from fixtures. */
export interface RenderContext {
  page: { id: number; url: string; title: string };
  audience: { signedIn: boolean; isStaff: boolean };
  nodeLink(id: number): Promise<Link | null>;
  related(nodeId: number, relation: "child" | "sibling" | "parents", count: number): Promise<Link[]>;
  mediaFile(id: number): Promise<{ url: string; title: string } | null>;
  translations(nodeId: number): Promise<Array<Link & { language: string }>>;
}

const VIDEO = /\.(mp4|m4v|webm|ogv|mov)(\?|#|$)/i;
const AUDIO = /\.(mp3|m4a|aac|oga|ogg|wav|flac)(\?|#|$)/i;
const DEFAULT_RELATED_COUNT = 10;

/** The body with its template tags expanded for this audience, and its HTML made safe to show. */
export async function renderBody(body: string, ctx: RenderContext): Promise<string> {
  const footnotes: string[] = [];
  let indexShown = false;
  const footnoteIndex = () => {
    indexShown = true;
    if (!footnotes.length) return "";
    const items = footnotes.map((text, i) => `<li id="footnote-${i + 1}">${escapeHtml(text)} <a href="#footnote-ref-${i + 1}" class="footnote-back">&#8617;</a></li>`);
    return `<ol class="footnotes">${items.join("")}</ol>`;
  };

  async function render(nodes: TemplateNode[]): Promise<string> {
    let out = "";
    for (const node of nodes) {
      if (node.kind === "text") out += sanitizeHtml(node.text);
      else if (node.kind === "block") out += mayShow(node.options, ctx.audience) ? await render(node.children) : "";
      else out += await tag(node);
    }
    return out;
  }

  async function tag(node: Extract<TemplateNode, { kind: "tag" }>): Promise<string> {
    const o = node.options;
    switch (node.name) {
      case "get_urls": {
        const link = o.node && /^\d+$/.test(o.node) ? await ctx.nodeLink(Number(o.node)) : { title: ctx.page.title, url: ctx.page.url };
        if (!link) return "#";
        return o.as === "link" ? `<a href="${escapeHtml(link.url)}">${escapeHtml(link.title)}</a>` : escapeHtml(link.url);
      }
      case "embed_media":
        return embedMedia(o, ctx);
      case "footnote": {
        footnotes.push(node.args[0] ?? o.text ?? "");
        const n = footnotes.length;
        return `<sup class="footnote-ref" id="footnote-ref-${n}"><a href="#footnote-${n}">${n}</a></sup>`;
      }
      case "footnote_index":
        return footnoteIndex();
      case "scripture": {
        const reference = node.args[0] ?? o.reference ?? "";
        const wanted = (node.args[1] ?? o.translation ?? DEFAULT_SCRIPTURE_TRANSLATION).toUpperCase();
        const translation = (SCRIPTURE_TRANSLATIONS as readonly string[]).includes(wanted) ? wanted : DEFAULT_SCRIPTURE_TRANSLATION;
        const r = escapeHtml(reference);
        return `<cite class="scripture" data-reference="${r}" data-translation="${translation}">${r} (${translation})</cite>`;
      }
      case "get_related_contentnodes": {
        const relation = o.relation === "sibling" || o.relation === "parents" ? o.relation : "child";
        const count = /^\d{1,4}$/.test(o.count ?? "") ? Number(o.count) : DEFAULT_RELATED_COUNT;
        const nodeId = o.node && /^\d+$/.test(o.node) ? Number(o.node) : ctx.page.id;
        const links = await ctx.related(nodeId, relation, count);
        return links.length ? `<ul class="related-contentnodes related-${relation}">${links.map(linkItem).join("")}</ul>` : "";
      }
      case "get_translations": {
        const links = await ctx.translations(ctx.page.id);
        const items = links.map((l) => `<li><a href="${escapeHtml(l.url)}" hreflang="${escapeHtml(l.language)}">${escapeHtml(l.title)}</a></li>`);
        return links.length ? `<ul class="translations">${items.join("")}</ul>` : "";
      }
      default:
        return ""; // an unknown tag shows nothing rather than template code
    }
  }

  let html = await render(parseTemplate(body));
  if (footnotes.length && !indexShown) html += footnoteIndex();
  return html;
}

const linkItem = (l: Link) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.title)}</a></li>`;

/** restrict_content: who sees the inner part. Users have no groups yet, so a chosen group is shown to staff only. */
export function mayShow(options: Record<string, string>, audience: RenderContext["audience"]): boolean {
  const mode = (RESTRICT_CONTENT_MODES as readonly string[]).includes(options.mode) ? options.mode : DEFAULT_RESTRICT_CONTENT_MODE;
  switch (mode) {
    case "anonymous":
      return !audience.signedIn;
    case "authenticated":
      return audience.signedIn;
    default:
      return audience.isStaff;
  }
}

async function embedMedia(o: Record<string, string>, ctx: RenderContext): Promise<string> {
  const type = o.type ?? "file";
  if (type === "item" || type === "itemlistall") {
    return /^\d+$/.test(o.id ?? "") ? `<div class="embed-media" data-type="${type}" data-id="${o.id}"></div>` : "";
  }
  const file = o.url ? { url: o.url, title: o.title ?? "" } : /^\d+$/.test(o.id ?? "") ? await ctx.mediaFile(Number(o.id)) : null;
  if (!file || /^\s*(javascript|vbscript|data):/i.test(file.url)) return "";
  const src = escapeHtml(file.url);
  const title = escapeHtml(o.title ?? file.title);
  const size = ["width", "height"].filter((k) => /^\d{1,4}$/.test(o[k] ?? "")).map((k) => ` ${k}="${o[k]}"`).join("");
  if (VIDEO.test(file.url)) return `<video class="embed-media" controls preload="metadata" src="${src}" title="${title}"${size}></video>`;
  if (AUDIO.test(file.url)) return `<audio class="embed-media" controls preload="metadata" src="${src}" title="${title}"></audio>`;
  return `<a class="embed-media" href="${src}">${title || src}</a>`;
}
