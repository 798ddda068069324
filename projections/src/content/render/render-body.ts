import {
  DEFAULT_RESTRICT_CONTENT_MODE,
  DEFAULT_SCRIPTURE_TRANSLATION,
  embedMediaId,
  embedMediaType,
  parseTemplate,
  RESTRICT_CONTENT_MODES,
  SCRIPTURE_TRANSLATIONS,
  type TemplateNode,
} from "@shop/shared";
import { filePlayer, mediaItem, mediaList, safeUrl, type MediaFile } from "./media-markup.ts";
import { escapeHtml, sanitizeHtml } from "./sanitize-html.ts";

export interface Link {
  title: string;
  url: string;
}

/** get_related_contentnodes: which relatives (see related-nodes.ts for what adoptive and collection mean). */
export interface RelatedQuery {
  relation: "child" | "sibling" | "parents";
  relationFilter: "real" | "adoptive" | "both";
  collectionFilter: "collection" | "item" | "both";
  count: number;
}

/** Who is looking: `groups` are the restrict_content groups they belong to (see `audienceGroups`). */
export interface Audience {
  signedIn: boolean;
  isStaff: boolean;
  groups: readonly string[];
}

/** What the tags may look up; the page router answers from the read models, tests from fixtures. */
export interface RenderContext {
  page: { id: number; url: string; title: string };
  audience: Audience;
  nodeLink(id: number): Promise<Link | null>;
  related(nodeId: number, query: RelatedQuery): Promise<Link[]>;
  mediaFile(id: number): Promise<MediaFile | null>;
  /** The members of a collection (the node's visible children) with their bodies, for embed_media itemlistall. */
  collection(nodeId: number): Promise<Array<Link & { body: string }>>;
  /** The translations of a node this audience may see, each linking to that node's page in its language. */
  translations(nodeId: number): Promise<Array<Link & { language: string }>>;
}

const DEFAULT_RELATED_COUNT = 10;
const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value ?? "") ? (value as T) : fallback;

/** The body with its template tags expanded for this audience, and its HTML made safe to show. */
export async function renderBody(body: string, ctx: RenderContext): Promise<string> {
  const footnotes: string[] = [];
  let indexShown = false;
  const footnoteIndex = () => {
    indexShown = true;
    if (!footnotes.length) return "";
    const items = footnotes.map(
      (text, i) =>
        `<li id="footnote-${i + 1}">${escapeHtml(text)} <a href="#footnote-ref-${i + 1}" class="footnote-back">&#8617;</a></li>`,
    );
    return `<ol class="footnotes">${items.join("")}</ol>`;
  };

  async function render(nodes: TemplateNode[]): Promise<string> {
    let out = "";
    for (const node of nodes) {
      if (node.kind === "text")
        out += node.text; // sanitised once, whole, at the end
      else if (node.kind === "block") out += mayShow(node.options, ctx.audience) ? await render(node.children) : "";
      else out += await tag(node);
    }
    return out;
  }

  async function tag(node: Extract<TemplateNode, { kind: "tag" }>): Promise<string> {
    const o = node.options;
    switch (node.name) {
      case "get_urls": {
        const link =
          o.node && /^\d+$/.test(o.node)
            ? await ctx.nodeLink(Number(o.node))
            : { title: ctx.page.title, url: ctx.page.url };
        if (!link) return "#";
        return o.as === "link"
          ? `<a href="${escapeHtml(link.url)}">${escapeHtml(link.title)}</a>`
          : escapeHtml(link.url);
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
        const translation = (SCRIPTURE_TRANSLATIONS as readonly string[]).includes(wanted)
          ? wanted
          : DEFAULT_SCRIPTURE_TRANSLATION;
        const r = escapeHtml(reference);
        return `<cite class="scripture" data-reference="${r}" data-translation="${translation}">${r} (${translation})</cite>`;
      }
      case "get_related_contentnodes": {
        const query: RelatedQuery = {
          relation: oneOf(o.relation, ["child", "sibling", "parents"], "child"),
          relationFilter: oneOf(o.relation_filter, ["real", "adoptive", "both"], "real"),
          collectionFilter: oneOf(o.collection_filter, ["collection", "item", "both"], "both"),
          count: /^\d{1,4}$/.test(o.count ?? "") ? Number(o.count) : DEFAULT_RELATED_COUNT,
        };
        const nodeId = o.node && /^\d+$/.test(o.node) ? Number(o.node) : ctx.page.id;
        const links = await ctx.related(nodeId, query);
        return links.length
          ? `<ul class="related-contentnodes related-${query.relation}">${links.map(linkItem).join("")}</ul>`
          : "";
      }
      case "get_translations": {
        // node=N: the translation set of page N (the admin picks it through any of its translations).
        const links = await ctx.translations(o.node && /^\d+$/.test(o.node) ? Number(o.node) : ctx.page.id);
        const items = links.map(
          (l) =>
            `<li><a href="${escapeHtml(l.url)}" hreflang="${escapeHtml(l.language)}">${escapeHtml(l.title)}</a></li>`,
        );
        return links.length ? `<ul class="translations">${items.join("")}</ul>` : "";
      }
      default:
        return ""; // an unknown tag shows nothing rather than template code
    }
  }

  let html = await render(parseTemplate(body));
  if (footnotes.length && !indexShown) html += footnoteIndex();
  return sanitizeHtml(html);
}

const linkItem = (l: Link) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.title)}</a></li>`;

/**
 * The restrict_content groups a visitor belongs to. Accounts have no group memberships yet, so the
 * groups are what the server knows of everyone: `members` (signed in) and `staff`.
 */
export function audienceGroups(user: { is_staff: boolean } | null | undefined): string[] {
  if (!user) return [];
  return user.is_staff ? ["members", "staff"] : ["members"];
}

/**
 * restrict_content: who sees the inner part. choosegroup shows it to the chosen group's members,
 * and always to staff (editors must see what they restricted); without a group, to staff only.
 */
export function mayShow(options: Record<string, string>, audience: Audience): boolean {
  switch (oneOf(options.mode, RESTRICT_CONTENT_MODES, DEFAULT_RESTRICT_CONTENT_MODE)) {
    case "anonymous":
      return !audience.signedIn;
    case "authenticated":
      return audience.signedIn;
    case "staff":
      return audience.isStaff;
    case "choosegroup":
      return audience.isStaff || (options.group !== undefined && audience.groups.includes(options.group));
  }
}

// What each type's id names comes from shared (EMBED_MEDIA_TARGETS), as the toolbox's pickers do.
async function embedMedia(o: Record<string, string>, ctx: RenderContext): Promise<string> {
  const type = embedMediaType(o);
  if (type === "itemlistall") {
    const target = embedMediaId(o);
    if (target?.names !== "contentnode") return "";
    const members = await ctx.collection(target.id);
    return mediaList(
      await Promise.all(
        members.map(async (m) => ({ title: m.title, url: m.url, media: await firstMedia(m.body, ctx) })),
      ),
    );
  }
  const file = await fileOf(o, ctx);
  if (!file) return "";
  const size = ["width", "height"]
    .filter((k) => /^\d{1,4}$/.test(o[k] ?? ""))
    .map((k) => ` ${k}="${o[k]}"`)
    .join("");
  return type === "item"
    ? mediaItem({ ...file, title: o.title ?? file.title }, size)
    : filePlayer(file, o.title ?? file.title, size);
}

/** The file an embed_media tag names: by `url`, or by media file `id`; never a script url. */
async function fileOf(o: Record<string, string>, ctx: RenderContext): Promise<MediaFile | null> {
  const target = embedMediaId(o);
  const file = o.url
    ? { url: o.url, title: o.title ?? "" }
    : target?.names === "mediafile"
      ? await ctx.mediaFile(target.id)
      : null;
  return file && safeUrl(file.url) ? file : null;
}

/** A collection member's media: the first file or item its own body embeds for this audience. */
async function firstMedia(body: string, ctx: RenderContext): Promise<MediaFile | null> {
  const find = (nodes: TemplateNode[]): Record<string, string> | null => {
    for (const n of nodes) {
      if (n.kind === "tag" && n.name === "embed_media" && embedMediaType(n.options) !== "itemlistall") return n.options;
      if (n.kind === "block" && mayShow(n.options, ctx.audience)) {
        const inner = find(n.children);
        if (inner) return inner;
      }
    }
    return null;
  };
  const options = find(parseTemplate(body));
  return options ? fileOf(options, ctx) : null;
}
