import { Router, type Request } from "express";
import type { Kysely } from "kysely";
import { isPickerSearchBody, PickerQueryString, PickerSearchRequest } from "@shop/shared";
import { DomainError } from "../platform/domain-error.ts";
import { parseRequest } from "../platform/http/validate.ts";
import { LOOKUP_MODELS, type LookupModel } from "./lookup-models.ts";
import { searchLookup, type LookupSearch } from "./lookup-search.ts";

export interface LookupsRouterDeps {
  db: Kysely<any>;
  models?: LookupModel[];
}

/**
 * The record picker's calls (back-office §7) for every model of the registry:
 * `POST {base}` search, `GET {base}` load by ids or search, `GET|POST {base}query/`.
 * Mounted before the feature routers: a POST to a base shared with a create (content nodes)
 * is handled only when its body is a picker search; anything else goes on to the owner.
 */
export function makeLookupsRouter(deps: LookupsRouterDeps): Router {
  const router = Router();
  for (const model of deps.models ?? LOOKUP_MODELS) {
    const search = async (req: Request, lookup: LookupSearch) => searchLookup(deps.db, model, lookup);

    router.post(model.base, async (req, res, next) => {
      if (model.sharedBase && !isPickerSearchBody(req.body)) return next();
      res.json(await search(req, parseRequest(PickerSearchRequest, req.body)));
    });
    router.post(`${model.base}query/`, async (req, res) => {
      res.json(await search(req, parseRequest(PickerSearchRequest, req.body)));
    });
    const get = async (req: Request) => search(req, fromQueryString(model, req.query as Record<string, unknown>));
    router.get(model.base, async (req, res) => res.json(await get(req)));
    router.get(`${model.base}query/`, async (req, res) => res.json(await get(req)));
  }
  return router;
}

/** A GET carries the search in its query string: JSON arrays for ids, the model's filter fields as plain parameters. */
function fromQueryString(model: LookupModel, query: Record<string, unknown>): LookupSearch {
  const parsed = parseRequest(PickerQueryString, query);
  const filters: Record<string, unknown> = { ...jsonObject(query.filters, "filters") };
  for (const field of Object.keys(model.filters)) if (typeof query[field] === "string") filters[field] = query[field];
  const or = jsonObject(query.OR, "OR") as Record<string, string> | undefined;
  return { ...parsed, filters, OR: or };
}

function jsonObject(value: unknown, field: string): Record<string, unknown> | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {}
  throw new DomainError("INVALID_LOOKUP", "Invalid request syntax or bad data.", 400, [`${field}: Enter a JSON object.`]);
}
