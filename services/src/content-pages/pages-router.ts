import { Router } from "express";
import type { Kysely } from "kysely";
import { contentNodeStream, PageNotFoundError, PageQuery, type EventStore } from "@shop/shared";
import { nodeDecider } from "../content/content-node.ts";
import { foldStream } from "../platform/command-handler.ts";
import { parseQuery } from "../platform/http/validate.ts";
import { ancestorsOf, childrenOf, relatedNodes, type NodeRow } from "./related-nodes.ts";
import { audienceGroups, renderBody, type Link, type RenderContext } from "./render-body.ts";
import type { Database } from "@shop/projections";

export interface PagesRouterDeps {
  db: Kysely<Database>;
  store: EventStore;
}

/** Statuses a visitor may see: a page with Changes Pending still shows what was last published. */
const PUBLIC = ["Live", "Changes Pending"];
const pageNotFound = () => new PageNotFoundError();

/** GET /api/content/page/?url=/some/path/: a Live page's data for the storefront; staff may preview any page with preview=1. */
export function makePagesRouter(deps: PagesRouterDeps): Router {
  const router = Router();
  const db = deps.db;
  const cols = ["id", "name", "url", "parent_id", "status"] as const;

  router.get("/api/content/page/", async (req, res) => {
    const q = parseQuery(PageQuery, req.query);
    const preview = q.preview && req.user?.is_staff === true;
    const wanted = q.url.startsWith("/") ? q.url : `/${q.url}`;
    const candidates = [wanted, wanted.endsWith("/") ? wanted.slice(0, -1) || "/" : `${wanted}/`];
    const row = await db
      .selectFrom("content_nodes")
      .selectAll()
      .where("url", "in", candidates)
      .orderBy("id")
      .executeTakeFirst();
    if (!row || (!preview && !PUBLIC.includes(row.status))) throw pageNotFound();
    const visible = preview ? undefined : PUBLIC;
    const shown =
      !preview && row.status === "Changes Pending"
        ? await lastPublished(deps.store, row.id)
        : { name: row.name, body: row.body, shortDescription: row.short_description };

    const find = async (id: number) =>
      db.selectFrom("content_nodes").select(cols).where("id", "=", id).executeTakeFirst();
    const isVisible = (r: NodeRow) => !visible || visible.includes(r.status);
    const link = (r: NodeRow): Link => ({ title: r.name, url: r.url });
    const visibleChildren = async (parentId: number | null) => (await childrenOf(deps.db, parentId)).filter(isVisible);

    const ctx: RenderContext = {
      page: { id: row.id, url: row.url, title: shown.name },
      audience: { signedIn: req.user !== null, isStaff: req.user?.is_staff === true, groups: audienceGroups(req.user) },
      nodeLink: async (id) => {
        const r = await find(id);
        return r && isVisible(r) ? link(r) : null;
      },
      related: async (nodeId, query) => {
        const node = nodeId === row.id ? row : await find(nodeId);
        return node ? (await relatedNodes(deps.db, node, query, isVisible)).map(link) : [];
      },
      mediaFile: async (id) => {
        const r = await db
          .selectFrom("media_files")
          .leftJoin("media_formats", "media_formats.id", "media_files.format_id")
          .select(["media_files.file_url", "media_files.name", "media_formats.slug as format"])
          .where("media_files.id", "=", id)
          .executeTakeFirst();
        return r ? { url: r.file_url, title: r.name, format: r.format } : null;
      },
      collection: async (nodeId) => {
        const members = (await visibleChildren(nodeId)).map((m) => m.id);
        if (!members.length) return [];
        const rows = await db
          .selectFrom("content_nodes")
          .select(["id", "name", "url", "body"])
          .where("id", "in", members)
          .execute();
        return members.flatMap((id) =>
          rows.filter((r) => r.id === id).map((r) => ({ title: r.name, url: r.url, body: r.body })),
        );
      },
      translations: async (nodeId) => {
        const page = nodeId === row.id ? row : await find(nodeId);
        if (!page || !isVisible(page)) return [];
        const rows = await db
          .selectFrom("content_lang_nodes")
          .select(["language", "name", "status"])
          .where("node_id", "=", nodeId)
          .orderBy("language")
          .execute();
        return rows
          .filter((r) => r.status === "Live" || preview)
          .map((r) => ({
            language: r.language,
            title: r.name,
            url: `${page.url}?lang=${encodeURIComponent(r.language)}`,
          }));
      },
    };

    const siblings = await visibleChildren(row.parent_id);
    const at = siblings.findIndex((s) => s.id === row.id);
    res.json({
      metadata: { success: true },
      page: {
        id: row.id,
        title: shown.name,
        url: row.url,
        short_description: shown.shortDescription,
        status: row.status,
        preview,
        body_html: await renderBody(shown.body, ctx),
        breadcrumbs: [
          ...(await ancestorsOf(deps.db, row)).filter(isVisible).map(link),
          { title: shown.name, url: row.url },
        ],
        children: (await visibleChildren(row.id)).map(link),
        previous: at > 0 ? link(siblings[at - 1]) : null,
        next: at >= 0 && at < siblings.length - 1 ? link(siblings[at + 1]) : null,
      },
    });
  });

  return router;
}

/** The node as it was at its last publish (what visitors keep seeing while changes are pending). */
async function lastPublished(store: EventStore, id: number) {
  const events = await store.readStream(contentNodeStream(id));
  const upTo = events.map((e) => e.type).lastIndexOf("ContentNodePublished");
  const state = foldStream(nodeDecider, events.slice(0, upTo + 1));
  if (!state.exists) throw pageNotFound();
  return { name: state.fields.name, body: state.fields.body, shortDescription: state.fields.shortDescription };
}
