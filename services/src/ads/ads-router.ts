import { Router } from "express";
import type { Kysely } from "kysely";
import {
  AD_SORT_COLUMNS,
  AdListQuery,
  AdNotFoundError,
  adStream,
  CreateAdRequest,
  UpdateAdRequest,
  type EventStore,
  type LogPosition,
} from "@shop/shared";
import type { AdsTable, Database } from "@shop/projections";
import { staffCommandRunner } from "../platform/versioned-command.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { addStaffRecordRoutes } from "../platform/http/staff-records.ts";
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
  kind: a.kind,
  version: a.version,
});

const fieldsOf = (input: CreateAdRequest) => ({
  title: input.title,
  linkUrl: input.link_url,
  imageUrl: input.image_url,
  altText: input.alt_text,
  active: input.active,
  kind: input.kind,
});

/** The ads' back-office list and form (staff); content pages place the active ones (pages-router.ts). */
export function makeAdsRouter(deps: AdsRouterDeps): Router {
  const router = Router();
  const run = staffCommandRunner(deps, {
    what: "ad",
    decider: adDecider,
    stream: adStream,
    decide: decideAd,
    readModels: ["ads"],
  });

  addStaffRecordRoutes(router, {
    db: deps.db,
    base: BASE,
    table: "ads",
    view,
    notFound: () => new AdNotFoundError(),
    list: { query: AdListQuery, sortColumns: AD_SORT_COLUMNS, searchColumns: ["title", "link_url"] },
    create: {
      request: CreateAdRequest,
      run: async (req, input) => {
        const id = await allocateId(deps.db, "ad");
        await run(req, id, { type: "AddAd", data: { id, ...fieldsOf(input) } });
        return id;
      },
    },
    update: {
      request: UpdateAdRequest,
      run: (req, input, row) => run(req, row.id, { type: "ChangeAd", data: fieldsOf(input) }, input.expected_version),
    },
  });

  return router;
}
