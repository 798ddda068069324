import { Router, type Request } from "express";
import { sql, type Kysely } from "kysely";
import {
  CreateRadioStationRequest,
  pathIdOf,
  RADIO_STATION_SORT_COLUMNS,
  RadioStationListQuery,
  RadioStationNotFoundError,
  radioStationStream,
  UpdateRadioStationRequest,
  US_STATES,
  usStateByCode,
  type EventStore,
  type LogPosition,
  type RadioStationRow,
  type RadioStationsAnswer,
  type UserRef,
} from "@shop/shared";
import { containsPattern, listPage, sortColumn, type Database, type RadioStationsTable } from "@shop/projections";
import { staffCommandRunner } from "../platform/versioned-command.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { decideRadioStation, radioStationDecider } from "./radio-station.ts";

export interface RadioRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

const BASE = "/admin/api/radio/station/";
const _byUser = (req: Request): UserRef => ({ id: req.user!.id, name: req.user!.name });

/** A station as the admin list and form show it. */
const view = (s: RadioStationsTable) => ({
  id: s.id,
  call_letters: s.call_letters,
  frequency: s.frequency,
  city: s.city,
  state: s.state,
  air_times: s.air_times,
  active: s.active,
  version: s.version,
});

const publicRow = (s: RadioStationsTable): RadioStationRow => ({
  id: s.id,
  call_letters: s.call_letters,
  frequency: s.frequency,
  city: s.city,
  air_times: s.air_times,
  state: s.state,
  state_name: usStateByCode(s.state)?.name ?? s.state,
});

const fieldsOf = (input: CreateRadioStationRequest) => ({
  callLetters: input.call_letters,
  frequency: input.frequency,
  city: input.city,
  state: input.state.toUpperCase(),
  airTimes: input.air_times,
  active: input.active,
});

/** The radio page's stations (public) and their back-office list and form (staff). */
export function makeRadioRouter(deps: RadioRouterDeps): Router {
  const router = Router();
  const stations = () => deps.db.selectFrom("radio_stations");
  const byId = (id: number) => stations().selectAll().where("id", "=", id).executeTakeFirst();

  const run = staffCommandRunner(deps, {
    what: "radio station",
    decider: radioStationDecider,
    stream: radioStationStream,
    decide: decideRadioStation,
    readModels: ["radio_stations"],
  });

  // The page filters in the browser ('Show all' shows every row), so it takes every active station at once.
  router.get("/api/radio/stations/", async (_req, res) => {
    const rows = await stations()
      .selectAll()
      .where("active", "=", true)
      .orderBy("state")
      .orderBy("city")
      .orderBy("call_letters")
      .execute();
    const answer: RadioStationsAnswer = {
      metadata: { success: true },
      items: rows.map(publicRow),
      states: US_STATES.map(({ id, name }) => ({ id, name })),
    };
    res.json(answer);
  });

  router.post(BASE, async (req, res) => {
    const input = parseRequest(CreateRadioStationRequest, req.body);
    const id = await allocateId(deps.db, "radio-station");
    await run(req, id, { type: "AddRadioStation", data: { id, ...fieldsOf(input) } });
    res.status(201).json({ metadata: { success: true }, ...view((await byId(id))!) });
  });

  router.get(BASE, async (req, res) => {
    const q = parseQuery(RadioStationListQuery, req.query);
    const column = sortColumn(q.sort, RADIO_STATION_SORT_COLUMNS);
    let query = stations();
    if (q.q) {
      const pattern = containsPattern(q.q);
      query = query.where((eb) =>
        eb.or([eb(sql`lower(call_letters)`, "like", pattern), eb(sql`lower(city)`, "like", pattern)]),
      );
    }
    const { rows, total } = await listPage(query, q, column);
    res.json({ metadata: { success: true }, items: rows.map(view), total, count: q.count, start: q.start });
  });

  router.get(`${BASE}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const row = await byId(id);
    if (!row) throw new RadioStationNotFoundError();
    res.json({ metadata: { success: true }, ...view(row) });
  });

  router.put(`${BASE}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const input = parseRequest(UpdateRadioStationRequest, req.body);
    if (!(await byId(id))) throw new RadioStationNotFoundError();
    await run(req, id, { type: "ChangeRadioStation", data: fieldsOf(input) }, input.expected_version);
    res.json({ metadata: { success: true }, ...view((await byId(id))!) });
  });

  return router;
}
