/**
 * The template tags of a content node's body: the one definition of their syntax. The admin
 * toolbox inserts exactly what `buildTag` writes; the public page renderer reads what `parseTemplate`
 * finds. Anything else in the body is HTML.
 *
 * Syntax: `{% name arg "quoted arg" key=value key="quoted value" %}`. Quoted values may contain
 * spaces and `\"`; unquoted ones run to the next space. Names and keys are lowercase words.
 *
 * | tag | renders |
 * |---|---|
 * | `{% get_urls node=12 %}` | the url of node 12 (for an href); `as="link"` renders `<a href>name</a>` instead; no node: this page |
 * | `{% embed_media type="file" id=5 %}` | media file 5 as an HTML5 `<video>` or `<audio>` by its extension (no Flash) |
 * | `{% embed_media type="file" url="/media/talk.mp3" title="Talk" %}` | the same for a file given by url |
 * | `{% embed_media type="item" id=7 %}` | media file 7 as a media item (player, download link, caption) |
 * | `{% embed_media type="itemlistall" id=9 %}` | the items of collection page 9, each with its media (what each id names: embed-media.ts) |
 * | `{% footnote "Genesis 6:15 gives the size." %}` | a numbered reference `[1]`; the notes are listed at `{% footnote_index %}` (or at the end) |
 * | `{% footnote_index %}` | the numbered list of this page's footnotes |
 * | `{% scripture "John 3:16" "NKJV" %}` | the reference with its translation (default NKJV; one of SCRIPTURE_TRANSLATIONS) |
 * | `{% get_related_contentnodes relation="child" count=4 %}` | links to Live children, siblings or parents (ancestors, root first); `node=ID` for another node; `relation_filter`, `collection_filter` accepted |
 * | `{% get_translations %}` | links to this page's Live translations; `node=ID` for the translation set of page ID (links to that page) |
 * | `{% restrict_content mode="staff" %}…{% endrestrict_content %}` | the inner part only for the audience: anonymous, authenticated (default), staff, or choosegroup with `group="name"` |
 */

export type TemplateNode =
  | { kind: "text"; text: string }
  | { kind: "tag"; name: string; args: string[]; options: Record<string, string>; raw: string }
  | { kind: "block"; name: string; args: string[]; options: Record<string, string>; children: TemplateNode[] };

/** Tags that wrap content and end with `{% end<name> %}`. */
export const BLOCK_TAGS = ["restrict_content"] as const;

const TAG = /\{%\s*([a-z_]+)((?:[^%]|%(?!\}))*)%\}/g;
const TOKEN = /([a-z_]+)=(?:"((?:[^"\\]|\\.)*)"|(\S+))|"((?:[^"\\]|\\.)*)"|(\S+)/g;

function parseArguments(text: string): { args: string[]; options: Record<string, string> } {
  const args: string[] = [];
  const options: Record<string, string> = {};
  for (const m of text.matchAll(TOKEN)) {
    if (m[1]) options[m[1]] = unescapeBackslashes(m[2] ?? m[3] ?? "");
    else args.push(m[4] !== undefined ? unescapeBackslashes(m[4]) : m[5]);
  }
  return { args, options };
}

const unescapeBackslashes = (s: string) => s.replace(/\\(.)/g, "$1");

/** Splits a body into HTML text, tags and blocks (an unclosed block runs to the end; a stray end tag is dropped). */
export function parseTemplate(body: string): TemplateNode[] {
  const root: TemplateNode[] = [];
  const stack: Array<{ name: string; children: TemplateNode[] }> = [{ name: "", children: root }];
  let last = 0;
  for (const m of body.matchAll(TAG)) {
    const top = stack[stack.length - 1];
    if (m.index > last) top.children.push({ kind: "text", text: body.slice(last, m.index) });
    last = m.index + m[0].length;
    const name = m[1];
    if ((BLOCK_TAGS as readonly string[]).includes(name)) {
      const block = { kind: "block" as const, name, ...parseArguments(m[2]), children: [] as TemplateNode[] };
      top.children.push(block);
      stack.push({ name, children: block.children });
    } else if (name.startsWith("end") && (BLOCK_TAGS as readonly string[]).includes(name.slice(3))) {
      const at = stack.map((s) => s.name).lastIndexOf(name.slice(3));
      if (at > 0) stack.length = at;
    } else {
      top.children.push({ kind: "tag", name, ...parseArguments(m[2]), raw: m[0] });
    }
  }
  if (last < body.length) stack[stack.length - 1].children.push({ kind: "text", text: body.slice(last) });
  return root;
}

/** Writes a tag in the syntax above (what the toolbox inserts). */
export function buildTag(name: string, args: string[] = [], options: Record<string, string | number> = {}): string {
  const quote = (v: string | number) =>
    typeof v === "number" || /^[\w.-]+$/.test(v) ? String(v) : `"${String(v).replace(/["\\]/g, "\\$&")}"`;
  const parts = [
    name,
    ...args.map((a) => `"${a.replace(/["\\]/g, "\\$&")}"`),
    ...Object.entries(options).map(([k, v]) => `${k}=${quote(v)}`),
  ];
  return `{% ${parts.join(" ")} %}`;
}
