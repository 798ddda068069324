import { describe, expect, it } from "vitest";
import { NO_STATIONS_MESSAGE, radioStationStream, US_STATES } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { actorOf, signedInUser } from "../testing/spec-users.ts";

const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const shopper = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });
const at = new Date().toISOString();
const BASE = "/admin/api/radio/station/";
const kidsCookie = (headers: Headers) => headers.getSetCookie().find((line) => line.startsWith("kids_mode="));

const station = (id: number, callLetters: string, city: string, state: string, active = true): GivenEvent => ({
  streamId: radioStationStream(id),
  type: "RadioStationAdded",
  data: { id, callLetters, frequency: "88.1 FM", city, state, airTimes: "Sat 8 AM", active, addedAt: at, by: null },
});

describe("radio stations page (storefront §2, §4 Radio table)", () => {
  it("the public list has every active station by state, the state's name, and the dropdown's states", () =>
    spec
      .given(
        station(1, "KTXA", "Waco", "TX"),
        station(2, "WOHI", "Akron", "OH"),
        station(3, "KOFF", "Austin", "TX", false),
      )
      .when((http) => http.visitor().get("/api/radio/stations/"))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json.metadata).toEqual({ success: true });
        expect(response.json.items).toEqual([
          {
            id: 2,
            call_letters: "WOHI",
            frequency: "88.1 FM",
            city: "Akron",
            air_times: "Sat 8 AM",
            state: "OH",
            state_name: "Ohio",
          },
          expect.objectContaining({ call_letters: "KTXA", state: "TX", state_name: "Texas" }),
        ]);
        // US state list entries: id and name (§3), every one, so a state without stations can be chosen.
        expect(response.json.states).toHaveLength(US_STATES.length);
        expect(response.json.states).toContainEqual({ id: "AE", name: "Armed Forces Europe" });
      }));

  it("the no-stations message is the spec's text", () =>
    expect(NO_STATIONS_MESSAGE).toBe("There are not yet any stations in this location carrying the program."));
});

describe("staff manage radio stations in the back office", () => {
  it("adding a station appends RadioStationAdded and answers the record", () =>
    spec
      .given(edna)
      .when((http) =>
        http.as(edna).post(BASE, { call_letters: " KARK ", frequency: "90.5 FM", city: "Little Rock", state: "ar" }),
      )
      .then(
        {
          status: 201,
          body: {
            metadata: { success: true },
            id: expect.any(Number),
            call_letters: "KARK",
            frequency: "90.5 FM",
            city: "Little Rock",
            state: "AR",
            air_times: "",
            active: true,
            version: 0,
          },
        },
        [
          {
            type: "RadioStationAdded",
            data: { callLetters: "KARK", city: "Little Rock", state: "AR", active: true, by: actorOf(edna) },
          },
        ],
      ));

  it("a station needs call letters, a city and a real state; nothing is written otherwise", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).post(BASE, { call_letters: "", city: "", state: "ZZ" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.success).toBe(false);
        expect(response.json.metadata.errors).toEqual(
          expect.arrayContaining([
            "call_letters: This field is required.",
            "city: This field is required.",
            "state: Select a valid state.",
          ]),
        );
        expect(newEvents).toEqual([]);
      }));

  it("a change with the version it was loaded at is saved; a stale one is refused with 409", () =>
    spec
      .given(station(4, "KTXA", "Waco", "TX"), edna)
      .when(async (http) => {
        const body = { call_letters: "KTXA", city: "Temple", state: "TX", active: "1" };
        const saved = await http.as(edna).request("PUT", `${BASE}4/`, { ...body, expected_version: 0 });
        expect(saved.json).toMatchObject({ city: "Temple", version: 1 });
        return http.as(edna).request("PUT", `${BASE}4/`, { ...body, city: "Killeen", expected_version: 0 });
      })
      .then(({ response }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.success).toBe(false);
      }));

  it("an unknown station answers 404 Radio station not found.", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).get(`${BASE}99/`))
      .then(({ response }) => {
        expect(response.status).toBe(404);
        expect(response.json.metadata).toMatchObject({
          code: "RADIO_STATION_NOT_FOUND",
          message: "Radio station not found.",
        });
      }));

  it("shoppers cannot manage stations", () =>
    spec
      .given(shopper)
      .when((http) => http.as(shopper).post(BASE, { call_letters: "KX", city: "Waco", state: "TX" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(403);
        expect(newEvents).toEqual([]);
      }));
});

describe("kids mode (storefront §7 GET /kids-mode/, both toggles)", () => {
  it("a link toggles kids mode on, remembered in a cookie, and goes back to the page it was on", () =>
    spec
      .given()
      .when((http) => http.visitor().request("GET", "/kids-mode/?next=/store/", undefined, { accept: "text/html" }))
      .then(({ response }) => {
        expect(response.status).toBe(303);
        expect(response.headers.get("location")).toBe("/store/");
        expect(kidsCookie(response.headers)).toMatch(/^kids_mode=1; Max-Age=\d+; Path=\/;/);
      }));

  it("the toggle turns it off again when the cookie says it is on; a script gets the new state", () =>
    spec
      .given()
      .when((http) =>
        http.visitor().request("GET", "/kids-mode/", undefined, { accept: "application/json", cookie: "kids_mode=1" }),
      )
      .then(({ response }) => {
        expect(response.json).toEqual({ metadata: { success: true }, kids_mode: false });
        expect(kidsCookie(response.headers)).toMatch(/^kids_mode=; Path=\/; Expires=Thu, 01 Jan 1970/);
      }));

  it("kids mode never redirects to another site", () =>
    spec
      .given()
      .when((http) =>
        http.visitor().request("GET", "/kids-mode/?next=//evil.example/", undefined, { accept: "text/html" }),
      )
      .then(({ response }) => expect(response.headers.get("location")).toBe("/")));
});
