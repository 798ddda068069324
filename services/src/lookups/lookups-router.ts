import { Router, type Request } from "express";
import type { Kysely } from "kysely";
import {
  fieldMessage,
  InvalidRequestError,
  isPickerSearchBody,
  NotFoundError,
  PickerQueryString,
  PickerSearchRequest,
  pathIdOf,
  toNameList,
} from "@shop/shared";
import { parseQuery } from "../platform/http/validate.ts";
import { LOOKUP_MODELS, type LookupModel } from "./lookup-models.ts";
import { searchLookup, type LookupSearch } from "./lookup-search.ts";
import type { Database } from "@shop/projections";

export interface LookupsRouterDeps {
  db: Kysely<Database>;
  models?: LookupModel[];
}

const notFound = () => new NotFoundError();

/**
 * The record picker's calls (back-office §7) for every model of the registry:
 * `POST {base}` search, `GET {base}` load by ids or search, `GET|POST {base}query/`, and
 * `GET {base}{id}/` (an item's `api_url`) for the models no other feature owns.
 * Mounted before the feature routers: a POST to a base shared with a create (content nodes)
 * is handled only when its body is a picker search; anything else goes on to the owner.
 */
export function makeLookupsRouter(deps: LookupsRouterDeps): Router {
  const router = Router();
  for (const model of deps.models ?? LOOKUP_MODELS) {
    // A search body is a query string in a POST: bounded the same way.
    const fromBody = (req: Request): LookupSearch => ({
      ...parseQuery(PickerSearchRequest, req.body),
      groups: groupsOf(model, req.body ?? {}),
    });
    const fromQuery = (req: Request) => fromQueryString(model, req.query as Record<string, unknown>);

    router.post(model.base, async (req, res, next) => {
      if (model.sharedBase && !isPickerSearchBody(req.body)) return next();
      res.json(await searchLookup(deps.db, model, fromBody(req)));
    });
    router.post(`${model.base}query/`, async (req, res) => res.json(await searchLookup(deps.db, model, fromBody(req))));
    router.get(model.base, async (req, res) => res.json(await searchLookup(deps.db, model, fromQuery(req))));
    router.get(`${model.base}query/`, async (req, res) => res.json(await searchLookup(deps.db, model, fromQuery(req))));

    // Content and menu nodes have their own record route (the node's fields); the others answer the item.
    if (!model.sharedBase) {
      router.get(`${model.base}:id/`, async (req, res, next) => {
        const id = pathIdOf(req.params.id);
        if (id === null) return next();
        const { __include } = parseQuery(PickerQueryString, req.query);
        const { items, metadata } = await searchLookup(deps.db, model, { ids: [id], count: 1, __include });
        if (!items.length) throw notFound();
        res.json({ metadata, ...items[0] });
      });
    }
  }
  return router;
}

/** A GET carries the search in its query string: JSON arrays for ids, the model's filter fields as plain parameters. */
function fromQueryString(model: LookupModel, query: Record<string, unknown>): LookupSearch {
  const parsed = parseQuery(PickerQueryString, query);
  const filters: Record<string, unknown> = { ...jsonObject(query.filters, "filters") };
  for (const field of Object.keys(model.filters)) if (typeof query[field] === "string") filters[field] = query[field];
  // The same value rules as a POST body's filters and OR (bounded, storable text).
  const checked = parseQuery(PickerSearchRequest.pick({ filters: true, OR: true }), {
    filters,
    OR: jsonObject(query.OR, "OR"),
  });
  return { ...parsed, filters: checked.filters, OR: checked.OR, groups: groupsOf(model, query) };
}

/** The model's list parameters present in the request (`sku_groups=["books"]`); an unknown value is refused, naming the choices. */
function groupsOf(model: LookupModel, raw: Record<string, unknown>): Record<string, string[]> | undefined {
  const groups: Record<string, string[]> = {};
  for (const [param, { values }] of Object.entries(model.groups ?? {})) {
    if (raw[param] === undefined) continue;
    const wanted = [...new Set(toNameList(raw[param]))];
    const unknown = wanted.find((v) => !values.includes(v));
    if (unknown !== undefined)
      throw new InvalidRequestError(fieldMessage(param, `"${unknown}" is not one of ${values.join(", ")}.`));
    groups[param] = wanted;
  }
  return Object.keys(groups).length ? groups : undefined;
}

function jsonObject(value: unknown, field: string): Record<string, unknown> | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {}
  throw new InvalidRequestError(fieldMessage(field, "Enter a JSON object."));
}
