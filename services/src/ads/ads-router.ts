import { Router } from "express";
import { sql, type Kysely } from "kysely";
import {
  AD_SORT_COLUMNS,
  AdListQuery,
  AdNotFoundError,
  adStream,
  CreateAdRequest,
  pathIdOf,
  UpdateAdRequest,
  type EventStore,
  type LogPosition,
} from "@shop/shared";
import { containsPattern, listPage, sortColumn, type AdsTable, type Database } from "@shop/projections";
import { staffCommandRunner } from "../platform/versioned-command.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { adDecider, decideAd } from "./ad.ts";

export interface AdsRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

const BASE = "/admin/api/content/ad/";

/** An ad as the admin list and form show it. */
const view = (a: AdsTable) => ({
  id: a.id,
  title: a.title,
  link_url: a.link_url,
  image_url: a.image_url,
  alt_text: a.alt_text,
  active: a.active,
  version: a.version,
});

const fieldsOf = (input: CreateAdRequest) => ({
  title: input.title,
  linkUrl: input.link_url,
  imageUrl: input.image_url,
  altText: input.alt_text,
  active: input.active,
});

/** The ads' back-office list and form (staff); content pages place the active ones (pages-router.ts). */
export function makeAdsRouter(deps: AdsRouterDeps): Router {
  const router = Router();
  const ads = () => deps.db.selectFrom("ads");
  const byId = (id: number) => ads().selectAll().where("id", "=", id).executeTakeFirst();

  const run = staffCommandRunner(deps, {
    what: "ad",
    decider: adDecider,
    stream: adStream,
    decide: decideAd,
    readModels: ["ads"],
  });

  router.post(BASE, async (req, res) => {
    const input = parseRequest(CreateAdRequest, req.body);
    const id = await allocateId(deps.db, "ad");
    await run(req, id, { type: "AddAd", data: { id, ...fieldsOf(input) } });
    res.status(201).json({ metadata: { success: true }, ...view((await byId(id))!) });
  });

  router.get(BASE, async (req, res) => {
    const q = parseQuery(AdListQuery, req.query);
    const column = sortColumn(q.sort, AD_SORT_COLUMNS);
    let query = ads();
    if (q.q) {
      const pattern = containsPattern(q.q);
      query = query.where((eb) =>
        eb.or([eb(sql`lower(title)`, "like", pattern), eb(sql`lower(link_url)`, "like", pattern)]),
      );
    }
    const { rows, total } = await listPage(query, q, column);
    res.json({ metadata: { success: true }, items: rows.map(view), total, count: q.count, start: q.start });
  });

  router.get(`${BASE}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const row = await byId(id);
    if (!row) throw new AdNotFoundError();
    res.json({ metadata: { success: true }, ...view(row) });
  });

  router.put(`${BASE}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const input = parseRequest(UpdateAdRequest, req.body);
    if (!(await byId(id))) throw new AdNotFoundError();
    await run(req, id, { type: "ChangeAd", data: fieldsOf(input) }, input.expected_version);
    res.json({ metadata: { success: true }, ...view((await byId(id))!) });
  });

  return router;
}
