import { Router } from "express";
import type { Kysely } from "kysely";
import { contentNodeStream, PageNotFoundError, PageQuery, type EventStore, type PlacedAd } from "@shop/shared";
import {
  adPlacements,
  bodyWordCount,
  paragraphCount,
  paragraphForPlacement,
  adsForPlacements,
  pickRandomAds,
} from "@shop/shared/content/ad-placements";
import {
  ancestorsOf,
  audienceGroups,
  childrenOf,
  type Database,
  type Link,
  type NodeRow,
  pageAudienceOf,
  pageRenderContext,
  PUBLIC_STATUSES,
  renderBody,
} from "@shop/projections";
import { nodeDecider } from "./content-node.ts";
import { foldStream } from "../platform/command-handler.ts";
import { parseQuery } from "../platform/http/validate.ts";
import {
  breadcrumbs,
  digDeeper,
  previousAndNext,
  relatedByKeywords,
  sectionNav,
  tableOfContents,
} from "./page-furniture.ts";

export interface PagesRouterDeps {
  db: Kysely<Database>;
  store: EventStore;
}

const pageNotFound = () => new PageNotFoundError();

/**
 * GET /api/content/page/?url=/some/path/: a Live page's data for the storefront. The body comes
 * rendered from the content_page_bodies read model (the content-pages projector renders it when the
 * page or a node it shows changes); staff may preview any page with preview=1, rendered as it is now.
 */
export function makePagesRouter(deps: PagesRouterDeps): Router {
  const router = Router();
  const db = deps.db;

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
    if (!row || (!preview && !PUBLIC_STATUSES.includes(row.status))) throw pageNotFound();
    const visible = preview ? null : PUBLIC_STATUSES;
    const audience = pageAudienceOf(req.user);
    const stored = preview
      ? undefined
      : await db
          .selectFrom("content_page_bodies")
          .select(["source_name", "source_short_description", `html_${audience}` as const])
          .where("node_id", "=", row.id)
          .executeTakeFirst();
    const storedHtml = stored?.[`html_${audience}`];
    let shown: { name: string; shortDescription: string; html: string };
    if (stored && storedHtml != null) {
      shown = { name: stored.source_name, shortDescription: stored.source_short_description, html: storedHtml };
    } else {
      // A preview, or a page the content-pages read model has not rendered yet (a moment after a change): now.
      const source =
        !preview && row.status === "Changes Pending"
          ? await lastPublished(deps.store, row.id)
          : { name: row.name, body: row.body, shortDescription: row.short_description };
      const who = {
        signedIn: Boolean(req.user),
        isStaff: req.user?.is_staff === true,
        groups: audienceGroups(req.user),
      };
      const ctx = pageRenderContext(db, { ...row, title: source.name }, who, visible);
      shown = {
        name: source.name,
        shortDescription: source.shortDescription,
        html: await renderBody(source.body, ctx),
      };
    }

    const isVisible = (r: NodeRow) => !visible || visible.includes(r.status);
    const link = (r: NodeRow): Link => ({ title: r.name, url: r.url });
    const visibleChildren = async (parentId: number | null) => (await childrenOf(deps.db, parentId)).filter(isVisible);
    const siblings = await visibleChildren(row.parent_id);
    const childRows = await visibleChildren(row.id);
    const children = childRows.map(link);
    const summaries = childRows.length
      ? await db
          .selectFrom("content_nodes")
          .select(["id", "short_description"])
          .where(
            "id",
            "in",
            childRows.map((c) => c.id),
          )
          .execute()
      : [];
    const shares = (
      await db
        .selectFrom("content_node_keywords as mine")
        .innerJoin("content_node_keywords as theirs", "theirs.keyword_id", "mine.keyword_id")
        .innerJoin("content_nodes as n", "n.id", "theirs.node_id")
        .select(["n.id", "n.name", "n.url", "n.parent_id", "n.status"])
        .where("mine.node_id", "=", row.id)
        .execute()
    ).filter(isVisible);
    const ancestorRows = (await ancestorsOf(deps.db, row)).filter(isVisible);
    const ancestors = ancestorRows.map(link);
    const parentRow = ancestorRows.at(-1);
    const parent = parentRow && parentRow.id === row.parent_id ? link(parentRow) : null;
    const own = { title: shown.name, url: row.url };
    const around = previousAndNext(siblings, row.id);
    const { html, toc } = tableOfContents(shown.html);
    // Staff previews (the in-place editor) show the body alone; visitors get ads at its placements.
    const ads = preview ? [] : await placeAds(db, html);
    res.json({
      metadata: { success: true },
      page: {
        id: row.id,
        title: shown.name,
        url: row.url,
        short_description: shown.shortDescription,
        status: row.status,
        preview,
        body_html: html,
        breadcrumbs: breadcrumbs(ancestors, own),
        children,
        previous: around.previous && link(around.previous),
        next: around.next && link(around.next),
        toc,
        section: sectionNav(own, parent, children, siblings.map(link)),
        dig_deeper: digDeeper(
          childRows.map((c) => ({
            ...link(c),
            short_description: summaries.find((s) => s.id === c.id)?.short_description ?? "",
          })),
        ),
        related: relatedByKeywords(
          row.id,
          shares.map((r) => ({ id: r.id, ...link(r) })),
        ).map((r) => ({ title: r.title, url: r.url })),
        ads,
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

/**
 * The body's ad placements (by its word count, shared/src/content/ad-placements.ts), each with one of
 * 3 active ads picked at random for this page view, placed after the paragraph nearest its fraction.
 */
async function placeAds(db: Kysely<Database>, html: string): Promise<PlacedAd[]> {
  const placements = adPlacements(bodyWordCount(html));
  if (!placements.length) return [];
  const active = await db
    .selectFrom("ads")
    .select(["title", "link_url", "image_url", "alt_text", "kind"])
    .where("active", "=", true)
    .orderBy("id")
    .execute();
  const chosen = adsForPlacements(placements, pickRandomAds(active));
  const paragraphs = paragraphCount(html);
  return chosen.map(({ kind: _kind, ...ad }, i) => ({
    after_paragraph: paragraphForPlacement(placements[i], paragraphs),
    ...ad,
  }));
}
