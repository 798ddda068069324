import { Router } from "express";
import { sql, type Kysely } from "kysely";
import {
  CreateKeywordRequest,
  pathIdOf,
  slugify,
  type EventStore,
  type LogPosition,
  fieldMessage,
  InvalidRequestError,
  NotFoundError,
  KeywordInvalidError,
} from "@shop/shared";
import { KEYWORD_SORT_COLUMNS, KeywordQuery, KeywordSearchRequest } from "@shop/shared/keywords/api";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { createKeyword } from "./keyword-commands.ts";
import { escapeLike, type Database } from "@shop/projections";

export interface KeywordsRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

const refused = (errors: Record<string, string[]>) => new KeywordInvalidError(errors);

/** Keywords: create, the keyword editor's list and stats, the search, all from the keywords read model. */
export function makeKeywordsRouter(deps: KeywordsRouterDeps): Router {
  const router = Router();

  router.post("/admin/api/content/keyword/", async (req, res) => {
    const input = parseRequest(CreateKeywordRequest, req.body);
    const slug = slugify(input.slug || input.name);
    if (!slug) throw refused({ slug: ["Enter a valid slug consisting of letters, numbers or hyphens."] });
    const by = { id: req.user!.id, name: req.user!.name };
    const { id, appended } = await createKeyword(
      deps,
      { name: input.name, slug, monthlySearches: input.monthly_searches ?? 0 },
      by,
      eventMetadata(req),
    );
    await deps.waitForProjections(appended.position, ["keywords"]);
    res.status(201).json({ metadata: { success: true }, id, name: input.name, slug });
  });

  // mode=find&content_nodes__id=N: the keywords of node N ('Add Parent Keywords'); sort=keyword&exclude=: the autocomplete.
  router.get("/admin/api/content/keyword/", async (req, res) => {
    const q = parseQuery(KeywordQuery, req.query);
    const { items, total } = await listKeywords(deps.db, q);
    res.json({
      metadata: { success: true },
      items: items.map((k) => ({ id: k.id, name: k.name, slug: k.slug })),
      total,
      count: q.count,
      start: q.start,
    });
  });

  // One keyword's record page (back office 4): its fields and how often the pages use it.
  router.get("/admin/api/content/keyword/:id/", async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const row = await deps.db.selectFrom("keywords").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new NotFoundError();
    res.json({ metadata: { success: true }, ...stats(row) });
  });

  router.get("/admin/api/content/keyword-stats/", async (req, res) => {
    const q = parseQuery(KeywordQuery, req.query);
    const { items, total } = await listKeywords(deps.db, q);
    res.json({ metadata: { success: true }, items: items.map(stats), total, count: q.count, start: q.start });
  });

  router.get("/admin/api/content/keyword-search/", async (req, res) => {
    const q = parseQuery(KeywordSearchRequest, req.query);
    const text = (q.query || q.q || "").trim().toLowerCase();
    const answer = { metadata: { success: true }, count: q.count, start: q.start };
    if (!text) return void res.json({ ...answer, items: [], total: 0 });
    const pattern = `%${escapeLike(text)}%`;
    let matches = deps.db
      .selectFrom("keywords")
      .where((eb) =>
        eb.or([eb(sql`lower(name)`, "like", pattern), eb("slug", "like", `%${escapeLike(slugify(text))}%`)]),
      );
    if (q.exclude?.length) matches = matches.where("id", "not in", q.exclude);
    const { total } = await matches.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow();
    const rows = await matches
      .selectAll()
      // Exact matches first, then names starting with the text, then the most used.
      .orderBy(
        sql`CASE WHEN lower(name) = ${text} THEN 0 WHEN lower(name) LIKE ${`${escapeLike(text)}%`} THEN 1 ELSE 2 END`,
      )
      .orderBy("our_uses", "desc")
      .orderBy("name")
      .orderBy("id")
      .offset(q.start)
      .limit(q.count)
      .execute();
    res.json({ ...answer, items: rows.map(stats), total: Number(total) });
  });

  return router;
}

const stats = (k: { id: number; name: string; slug: string; our_uses: number; monthly_searches: number }) => ({
  id: k.id,
  name: k.name,
  slug: k.slug,
  our_uses: k.our_uses,
  monthly_searches: k.monthly_searches,
});

async function listKeywords(db: Kysely<Database>, q: KeywordQuery) {
  const descending = q.sort.startsWith("-");
  const column = KEYWORD_SORT_COLUMNS[q.sort.replace(/^-/, "") as keyof typeof KEYWORD_SORT_COLUMNS];
  if (!column) throw new InvalidRequestError(fieldMessage("sort", `Cannot sort by ${q.sort.replace(/^-/, "")}.`));
  let query = db.selectFrom("keywords");
  if (q.content_nodes__id !== undefined) {
    const nodeId = q.content_nodes__id;
    query = query.where("id", "in", (eb) =>
      eb.selectFrom("content_node_keywords").select("keyword_id").where("node_id", "=", nodeId),
    );
  }
  const text = (q.query ?? q.q ?? "").trim().toLowerCase();
  if (text) query = query.where(sql`lower(name)`, "like", `%${escapeLike(text)}%`);
  if (q.exclude?.length) query = query.where("id", "not in", q.exclude);
  const { total } = await query.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow();
  let page = query
    .selectAll()
    .orderBy(column === "name" ? sql`lower(name)` : column, descending ? "desc" : "asc")
    .orderBy("id")
    .offset(q.start);
  if (q.count >= 0) page = page.limit(q.count);
  return { items: await page.execute(), total: Number(total) };
}
