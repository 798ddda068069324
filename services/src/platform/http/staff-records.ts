import type { Request, Router } from "express";
import { sql, type Kysely, type Selectable } from "kysely";
import type { z } from "zod";
import { pathIdOf } from "@shop/shared";
import { containsPattern, listPage, sortColumn, type Database } from "@shop/projections";
import { parseQuery, parseRequest } from "./validate.ts";

type ListQuery = { sort: string; start: number; count: number; q?: string };

/**
 * A back-office record kept in one read-model row per record (an ad, a radio station, a campaign):
 * its list, create, read and update routes. The feature keeps its commands: `create` and `update`
 * run them (an update with the form's `expected_version`, answered 409 when the record changed
 * meanwhile) and wait for the read model, so the answer is the row as saved.
 */
export interface StaffRecords<
  T extends keyof Database & string,
  List extends z.ZodType<ListQuery>,
  Create extends z.ZodType,
  Update extends z.ZodType,
> {
  db: Kysely<Database>;
  /** The list's URL: GET lists, POST creates; `{base}{id}/` reads (GET) and updates (PUT). */
  base: string;
  /** The read model's table: one row per record, with an integer `id`. */
  table: T;
  /** The record as the list and the form show it. */
  view: (row: Selectable<Database[T]>) => object;
  /** The refusal for an id with no row. */
  notFound: () => Error;
  list: { query: List; sortColumns: readonly string[]; searchColumns: readonly string[] };
  /** Runs the create command; answers the new record's id. */
  create: { request: Create; run: (req: Request, input: z.infer<Create>) => Promise<number> };
  /** Runs the update command on a record that has a row. */
  update: {
    request: Update;
    run: (req: Request, input: z.infer<Update>, row: Selectable<Database[T]>) => Promise<unknown>;
  };
}

/** Adds a staff record's list, create, read and update routes to the feature's router. */
export function addStaffRecordRoutes<
  T extends keyof Database & string,
  List extends z.ZodType<ListQuery>,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(router: Router, records: StaffRecords<T, List, Create, Update>): void {
  const { base, view, notFound } = records;
  // kysely cannot follow a table chosen by a type parameter; every such table has an integer id.
  const db = records.db as unknown as Kysely<Record<string, { id: number }>>;
  const rows = () => db.selectFrom(records.table as string);
  const byId = async (id: number) =>
    (await rows().selectAll().where("id", "=", id).executeTakeFirst()) as Selectable<Database[T]> | undefined;
  const saved = async (id: number) => {
    const row = await byId(id);
    if (!row) throw notFound();
    return { metadata: { success: true }, ...view(row) };
  };

  router.post(base, async (req, res) => {
    const input = parseRequest(records.create.request, req.body);
    const id = await records.create.run(req, input);
    res.status(201).json(await saved(id));
  });

  router.get(base, async (req, res) => {
    const q = parseQuery(records.list.query, req.query);
    const column = sortColumn(q.sort, records.list.sortColumns);
    let query = rows();
    if (q.q) {
      const pattern = containsPattern(q.q);
      query = query.where((eb) =>
        eb.or(records.list.searchColumns.map((c) => eb(sql`lower(${sql.ref(c)})`, "like", pattern))),
      );
    }
    const found = await listPage(query, q, column);
    const items = (found.rows as Selectable<Database[T]>[]).map(view);
    res.json({ metadata: { success: true }, items, total: found.total, count: q.count, start: q.start });
  });

  router.get(`${base}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    res.json(await saved(id));
  });

  router.put(`${base}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const input = parseRequest(records.update.request, req.body);
    const row = await byId(id);
    if (!row) throw notFound();
    await records.update.run(req, input, row);
    res.json(await saved(id));
  });
}
