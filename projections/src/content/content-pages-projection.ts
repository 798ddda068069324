import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { RecordedEvent } from "@shop/shared";
import type { Database } from "../database.ts";
import type { ContentNodesTable } from "./content-nodes-tables.ts";
import type { ContentPageBodiesTable, ContentPageVersionsTable } from "./content-pages-tables.ts";
import type { Projection } from "../runner/projection.ts";
import { upsertRow, upsertRows } from "../runner/row-projector.ts";
import type { CONTENT_NODE_STREAM_EVENTS, MENU_NODE_STREAM_EVENTS } from "./node-rows.ts";
import { type DependencyKey, pageRenderContext, PUBLIC_STATUSES } from "./render/page-context.ts";
import { type Audience, audienceGroups, renderBody } from "./render/render-body.ts";

/** The three audiences restrict_content tells apart (render-body.ts `mayShow`, `audienceGroups`). */
export const PAGE_AUDIENCES = {
  anonymous: { signedIn: false, isStaff: false, groups: audienceGroups(null) },
  member: { signedIn: true, isStaff: false, groups: audienceGroups({ is_staff: false }) },
  staff: { signedIn: true, isStaff: true, groups: audienceGroups({ is_staff: true }) },
} as const satisfies Record<string, Audience>;
export type PageAudience = keyof typeof PAGE_AUDIENCES;

/** Which stored body a visitor gets. */
export const pageAudienceOf = (user: { is_staff: boolean } | null | undefined): PageAudience =>
  !user ? "anonymous" : user.is_staff ? "staff" : "member";

/**
 * The events that can change what a body shows: a node's fields, status or place, a menu's tree, a media
 * file or translation. Keyword links, contributor roles and rewrite batches do not: not read here, so
 * they cost no render (each render is several queries, three times over).
 */
const RENDERING_EVENTS = [
  ...[
    "ContentNodeCreated",
    "ContentNodeSaved",
    "ContentNodePublished",
    "ContentNodeStatusChanged",
    "ContentNodeArchived",
  ],
  ...["MenuNodeCreated", "MenuNodeSaved", "MenuNodePublished", "MenuNodeStatusChanged", "MenuNodeArchived"],
  ...["MediaFileAdded", "ContentLangNodeAdded"],
] as const satisfies ReadonlyArray<
  | (typeof CONTENT_NODE_STREAM_EVENTS)[number]
  | (typeof MENU_NODE_STREAM_EVENTS)[number]
  | "MediaFileAdded"
  | "ContentLangNodeAdded"
>;
const nodeIdOf = (streamId: string) => Number(/^(?:contentnode|menunode)-(\d+)$/.exec(streamId)?.[1] ?? Number.NaN);

/**
 * Listed after content-nodes, menu-nodes and lookup-catalog (projections/src/index.ts): the runner
 * feeds each batch to the read models in that order, so the tables a body reads already hold the event.
 */
export const contentPagesProjection: Projection = {
  name: "content-pages",
  // 3: bodies keep a thermometer block's data-campaign/data-template, and external links open in a new tab.
  // 4: players keep data-youtube, data-vimeo, data-autostart, data-skin and data-analytic.
  version: 4,
  tables: ["content_page_bodies", "content_page_versions"],
  handles: RENDERING_EVENTS,
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS content_page_bodies (
      node_id integer PRIMARY KEY,
      parent_id integer NULL,
      source_name text NOT NULL,
      source_body text NOT NULL,
      source_short_description text NOT NULL,
      html_anonymous text NULL,
      html_member text NULL,
      html_staff text NULL,
      deps text[] NOT NULL DEFAULT '{}'
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS content_page_bodies_deps ON content_page_bodies USING gin (deps)`.execute(db);
    await sql`CREATE TABLE IF NOT EXISTS content_page_versions (
      node_id integer PRIMARY KEY,
      name text NOT NULL,
      body text NOT NULL,
      short_description text NOT NULL,
      published_name text NULL,
      published_body text NULL,
      published_short_description text NULL
    )`.execute(db);
  },
  apply: applyContentPageEvent,
  // finishRebuild renders every page from the finished rows: rendering after each event would be thrown away.
  async applyInRebuild(trx, event) {
    const own = event.streamId.startsWith("contentnode-") ? nodeIdOf(event.streamId) : Number.NaN;
    if (Number.isFinite(own)) await foldVersion(trx, own, event);
  },
  // A rebuild renders while content_nodes may itself be rebuilding (or emptied): render every page again
  // from the finished rows, as the live projector last rendered them. The nodes and pending versions are
  // read at once and the bodies written in one upsert (no render reads them): per page, only the render's
  // own reads are left, where renderPage took two or three round trips more.
  async finishRebuild(trx) {
    const nodes = await trx.selectFrom("content_nodes").selectAll().orderBy("id").execute();
    const ids = nodes.map((n) => n.id);
    if (ids.length) await trx.deleteFrom("content_page_bodies").where("node_id", "not in", ids).execute();
    else await trx.deleteFrom("content_page_bodies").execute();
    const pending = nodes.filter((n) => n.status === "Changes Pending").map((n) => n.id);
    const versions = new Map(
      pending.length
        ? (await trx.selectFrom("content_page_versions").selectAll().where("node_id", "in", pending).execute()).map(
            (v) => [v.node_id, v],
          )
        : [],
    );
    const rows = [];
    for (const node of nodes) rows.push(await pageRow(trx, node, versions.get(node.id)));
    await upsertRows(trx, "content_page_bodies", ["node_id"], rows);
  },
};

async function applyContentPageEvent(trx: Transaction<Database>, event: RecordedEvent): Promise<void> {
  const keys: DependencyKey[] = ["tree"];
  let own: number | null = null;
  if (event.type === "MediaFileAdded") keys.splice(0, 1, `media:${(event.data as { id: number }).id}`);
  else if (event.type === "ContentLangNodeAdded")
    keys.splice(0, 1, `lang:${(event.data as { nodeId: number }).nodeId}`);
  else if (event.streamId.startsWith("contentnode-")) {
    own = nodeIdOf(event.streamId);
    if (!Number.isFinite(own)) return;
    await foldVersion(trx, own, event);
    const before = await trx
      .selectFrom("content_page_bodies")
      .select("parent_id")
      .where("node_id", "=", own)
      .executeTakeFirst();
    const now = await trx.selectFrom("content_nodes").select("parent_id").where("id", "=", own).executeTakeFirst();
    keys.push(`node:${own}`, `children:${before?.parent_id ?? "root"}`, `children:${now?.parent_id ?? "root"}`);
  }
  const dependents = await trx
    .selectFrom("content_page_bodies")
    .select("node_id")
    .where(sql<boolean>`deps && ${sql.val(keys)}::text[]`)
    .execute();
  const ids = new Set(dependents.map((d) => d.node_id));
  if (own !== null) ids.add(own);
  for (const id of [...ids].sort((a, b) => a - b)) await renderPage(trx, id);
}

/** Keeps content_page_versions up to date with one of the node's own events. */
async function foldVersion(trx: Transaction<Database>, id: number, event: RecordedEvent): Promise<void> {
  if (event.type === "ContentNodeCreated") {
    const d = event.data as { name: string; body?: string; shortDescription?: string };
    const row = { node_id: id, name: d.name, body: d.body ?? "", short_description: d.shortDescription ?? "" };
    await trx
      .insertInto("content_page_versions")
      .values({ ...row, published_name: null, published_body: null, published_short_description: null })
      .onConflict((oc) => oc.column("node_id").doNothing())
      .execute();
  } else if (event.type === "ContentNodeSaved") {
    const { changes } = event.data as { changes: { name?: string; body?: string; shortDescription?: string } };
    const set = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.body !== undefined ? { body: changes.body } : {}),
      ...(changes.shortDescription !== undefined ? { short_description: changes.shortDescription } : {}),
    };
    if (Object.keys(set).length)
      await trx.updateTable("content_page_versions").set(set).where("node_id", "=", id).execute();
  } else if (
    event.type === "ContentNodePublished" ||
    (event.type === "ContentNodeStatusChanged" && (event.data as { to: string }).to === "Live")
  ) {
    await trx
      .updateTable("content_page_versions")
      .set((eb) => ({
        published_name: eb.ref("name"),
        published_body: eb.ref("body"),
        published_short_description: eb.ref("short_description"),
      }))
      .where("node_id", "=", id)
      .execute();
  }
}

/** Renders one page's stored bodies from the read models as they are now (or drops the row if the node is gone). */
export async function renderPage(db: Kysely<Database>, id: number): Promise<void> {
  const node = await db.selectFrom("content_nodes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!node) {
    await db.deleteFrom("content_page_bodies").where("node_id", "=", id).execute();
    return;
  }
  // Changes Pending: the version last published stays shown; otherwise the node as it is.
  const version =
    node.status === "Changes Pending"
      ? await db.selectFrom("content_page_versions").selectAll().where("node_id", "=", id).executeTakeFirst()
      : undefined;
  await upsertRow(db, "content_page_bodies", ["node_id"], await pageRow(db, node, version));
}

/** A page's stored bodies rendered from its node (and, while changes are pending, its published version). */
async function pageRow(
  db: Kysely<Database>,
  node: Selectable<ContentNodesTable>,
  version: Selectable<ContentPageVersionsTable> | undefined,
): Promise<Insertable<ContentPageBodiesTable>> {
  const id = node.id;
  const source =
    version?.published_name != null
      ? {
          source_name: version.published_name,
          source_body: version.published_body ?? "",
          source_short_description: version.published_short_description ?? "",
        }
      : { source_name: node.name, source_body: node.body, source_short_description: node.short_description };
  const isPublic = PUBLIC_STATUSES.includes(node.status);
  const deps = new Set<DependencyKey>();
  const html: Record<PageAudience, string | null> = { anonymous: null, member: null, staff: null };
  if (isPublic) {
    const page = { id, url: node.url, title: source.source_name, parent_id: node.parent_id };
    // Only restrict_content (also in a collection member's body, through itemlistall) tells the audiences
    // apart: a body without either is rendered once and stored for all three.
    const perAudience = /restrict_content|itemlistall/.test(source.source_body);
    for (const audience of Object.keys(PAGE_AUDIENCES) as PageAudience[]) {
      if (!perAudience && audience !== "anonymous") {
        html[audience] = html.anonymous;
        continue;
      }
      const ctx = pageRenderContext(db, page, PAGE_AUDIENCES[audience], PUBLIC_STATUSES, (key) => deps.add(key));
      html[audience] = await renderBody(source.source_body, ctx);
    }
  }
  return {
    node_id: id,
    parent_id: node.parent_id,
    ...source,
    html_anonymous: html.anonymous,
    html_member: html.member,
    html_staff: html.staff,
    deps: [...deps].sort(),
  };
}
