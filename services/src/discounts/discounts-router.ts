import { Router } from "express";
import { sql, type Kysely } from "kysely";
import {
  CreateDiscountRequest,
  DISCOUNT_SORT_COLUMNS,
  DiscountListQuery,
  discountStream,
  pathIdOf,
  UpdateDiscountRequest,
  type EventStore,
  type LogPosition,
} from "@shop/shared";
import { containsPattern, listPage, sortColumn, type Database, type DiscountsTable } from "@shop/projections";
import type { Selectable } from "kysely";
import { staffCommandRunner } from "../platform/versioned-command.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { decideDiscount, discountDecider, discountNotFound, discountTermsOf } from "./discount.ts";

export interface DiscountsRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

import type { DiscountView } from "./discount-route-docs.ts";

const BASE = "/admin/api/store/discount/";

/** A discount as the admin list and form show it. */
export const discountView = (d: Selectable<DiscountsTable>): DiscountView => ({
  id: d.id,
  code: d.code,
  description: d.description,
  percent_off: d.percent_off,
  amount_off_cents: d.amount_off_cents,
  min_subtotal_cents: d.min_subtotal_cents,
  requires_user: d.requires_user,
  requires_group: d.requires_group,
  required_skus: d.required_skus,
  required_quantity: d.required_quantity,
  starts: d.starts,
  ends: d.ends,
  max_uses: d.max_uses,
  max_uses_per_customer: d.max_uses_per_customer,
  active: d.active,
  free_shipping: d.free_shipping,
  free_shipping_methods: d.free_shipping_methods,
  version: d.version,
});

/** Staff manage discounts: create, update with expected_version, list, one. The cart reads them from the log. */
export function makeDiscountsRouter(deps: DiscountsRouterDeps): Router {
  const router = Router();
  const byId = (id: number) => deps.db.selectFrom("discounts").selectAll().where("id", "=", id).executeTakeFirst();

  const run = staffCommandRunner(deps, {
    what: "discount",
    decider: discountDecider,
    stream: discountStream,
    decide: decideDiscount,
    readModels: ["discounts"],
  });

  router.post(BASE, async (req, res) => {
    const input = parseRequest(CreateDiscountRequest, req.body);
    const id = await allocateId(deps.db, "discount");
    await run(req, input.code, {
      type: "CreateDiscount",
      data: { id, code: input.code, terms: discountTermsOf(input) },
    });
    res.status(201).json({ metadata: { success: true }, ...discountView((await byId(id))!) });
  });

  router.get(BASE, async (req, res) => {
    const q = parseQuery(DiscountListQuery, req.query);
    const column = sortColumn(q.sort, DISCOUNT_SORT_COLUMNS);
    let query = deps.db.selectFrom("discounts");
    if (q.q) {
      const pattern = containsPattern(q.q);
      query = query.where((eb) =>
        eb.or([eb(sql`lower(code)`, "like", pattern), eb(sql`lower(description)`, "like", pattern)]),
      );
    }
    if (q.active) query = query.where("active", "=", q.active === "true");
    const { rows, total } = await listPage(query, q, column);
    res.json({ metadata: { success: true }, items: rows.map(discountView), total, count: q.count, start: q.start });
  });

  router.get(`${BASE}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const row = await byId(id);
    if (!row) throw discountNotFound();
    res.json({ metadata: { success: true }, ...discountView(row) });
  });

  router.put(`${BASE}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const input = parseRequest(UpdateDiscountRequest, req.body);
    const row = await byId(id);
    if (!row) throw discountNotFound();
    await run(
      req,
      row.code,
      { type: "UpdateDiscount", data: { terms: discountTermsOf(input) } },
      input.expected_version,
    );
    res.json({ metadata: { success: true }, ...discountView((await byId(id))!) });
  });

  return router;
}
