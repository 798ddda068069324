import { Router } from "express";
import type { Kysely } from "kysely";
import {
  CreateRadioStationRequest,
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
} from "@shop/shared";
import type { Database, RadioStationsTable } from "@shop/projections";
import { staffCommandRunner } from "../platform/versioned-command.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { addStaffRecordRoutes } from "../platform/http/staff-records.ts";
import { decideRadioStation, radioStationDecider } from "./radio-station.ts";

export interface RadioRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

const BASE = "/admin/api/radio/station/";

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

  addStaffRecordRoutes(router, {
    db: deps.db,
    base: BASE,
    table: "radio_stations",
    view,
    notFound: () => new RadioStationNotFoundError(),
    list: {
      query: RadioStationListQuery,
      sortColumns: RADIO_STATION_SORT_COLUMNS,
      searchColumns: ["call_letters", "city"],
    },
    create: {
      request: CreateRadioStationRequest,
      run: async (req, input) => {
        const id = await allocateId(deps.db, "radio-station");
        await run(req, id, { type: "AddRadioStation", data: { id, ...fieldsOf(input) } });
        return id;
      },
    },
    update: {
      request: UpdateRadioStationRequest,
      run: (req, input, row) =>
        run(req, row.id, { type: "ChangeRadioStation", data: fieldsOf(input) }, input.expected_version),
    },
  });

  return router;
}
