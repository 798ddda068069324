import { describe, expect, it } from "vitest";
import { campaignStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { actorOf, signedInUser } from "../testing/spec-users.ts";

const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const shopper = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });
const at = new Date().toISOString();
const BASE = "/admin/api/store/campaign/";

const arkCreated: GivenEvent = {
  streamId: campaignStream("ark-main"),
  type: "CampaignCreated",
  data: {
    id: 1,
    slug: "ark-main",
    name: "Build the Ark",
    goalCents: 100_000,
    startsAt: null,
    endsAt: null,
    createdAt: at,
  },
};
/** The demo's version-1 event, as logs written before campaign ids hold it. */
const arkCreatedV1: GivenEvent = {
  streamId: campaignStream("ark-main"),
  type: "CampaignCreated",
  data: { slug: "ark-main", name: "Build the Ark", goalCents: 100_000, createdAt: at },
  schemaVersion: 1,
};
const giftRecorded = (giftId: string, amountCents: number, raisedCents: number, donors: number): GivenEvent => ({
  streamId: campaignStream("ark-main"),
  type: "CampaignGiftRecorded",
  data: {
    giftId,
    slug: "ark-main",
    amountCents,
    donorName: "Noah",
    note: "",
    source: "offline",
    orderNumber: null,
    recordedAt: at,
    by: null,
    name: "Build the Ark",
    goalCents: 100_000,
    raisedCents,
    donors,
  },
});

describe("campaign status (back-office §2 thermometer)", () => {
  it("campaign-status answers raised, goal, donors and the rendered thermometer", () =>
    spec
      .given(arkCreated, giftRecorded("g1", 2500, 2500, 1), giftRecorded("g2", 10_000, 12_500, 2))
      .when((http) =>
        http.visitor().get("/api/store/campaign-status/?campaign=ark-main&render_template=true&template="),
      )
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({
          metadata: { success: true },
          campaign: "ark-main",
          raised_cents: 12_500,
          goal_cents: 100_000,
          donors: 2,
        });
        expect(response.json.html.replace(/<[^>]+>/g, "")).toContain(
          "Build the Ark$125 raised of $1,000 goal · 2 donors",
        );
        expect(response.json.html).toContain('aria-valuenow="12"');
      }));

  it("without render_template there is no html", () =>
    spec
      .given(arkCreated)
      .when((http) => http.visitor().get("/api/store/campaign-status/?campaign=ark-main"))
      .then(({ response }) => expect(response.json).not.toHaveProperty("html")));

  it("an unknown campaign answers metadata.success false", () =>
    spec
      .given()
      .when((http) => http.visitor().get("/api/store/campaign-status/?campaign=nope"))
      .then({
        status: 404,
        body: {
          metadata: {
            success: false,
            code: "CAMPAIGN_NOT_FOUND",
            message: "Campaign not found.",
            errors: ["__all__: Campaign not found."],
          },
        },
      }));

  it("a campaign created before ids (version 1) reads as id 1", () =>
    spec
      .given(arkCreatedV1, edna)
      .when((http) => http.as(edna).get(`${BASE}1/`))
      .then(({ response }) => expect(response.json).toMatchObject({ id: 1, slug: "ark-main", goal_cents: 100_000 })));
});

describe("staff record offline gifts", () => {
  it("recording a gift moves the totals and appends the gift", () =>
    spec
      .given(arkCreated, edna)
      .when((http) =>
        http
          .as(edna)
          .post(`${BASE}ark-main/gift/`, { amount_cents: 5000, donor_name: "Mrs Noah", note: "cheque 1021" }),
      )
      .then(
        {
          status: 201,
          body: {
            metadata: { success: true },
            gift_id: expect.any(String),
            campaign: "ark-main",
            raised_cents: 5000,
            goal_cents: 100_000,
            donors: 1,
          },
        },
        [
          {
            streamId: campaignStream("ark-main"),
            type: "CampaignGiftRecorded",
            data: {
              amountCents: 5000,
              donorName: "Mrs Noah",
              note: "cheque 1021",
              source: "offline",
              by: actorOf(edna),
            },
          },
        ],
      ));

  it("a refund moves the totals back; a second refund is refused", () =>
    spec
      .given(arkCreated, giftRecorded("g1", 2500, 2500, 1), giftRecorded("g2", 1000, 3500, 2), edna)
      .when(async (http) => {
        const refunded = await http.as(edna).post(`${BASE}ark-main/gift/g1/refund/`);
        expect(refunded.json).toEqual({
          metadata: { success: true },
          campaign: "ark-main",
          raised_cents: 1000,
          goal_cents: 100_000,
          donors: 1,
        });
        return http.as(edna).post(`${BASE}ark-main/gift/g1/refund/`);
      })
      .then(({ response }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.message).toBe("This gift was already refunded.");
      }));

  it("a gift of 0 is refused with the field's message", () =>
    spec
      .given(arkCreated, edna)
      .when((http) => http.as(edna).post(`${BASE}ark-main/gift/`, { amount_cents: 0 }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual([
          "amount_cents: Ensure this value is greater than or equal to 1.",
        ]);
        expect(newEvents).toEqual([]);
      }));

  it("a shopper may not record gifts", () =>
    spec
      .given(arkCreated, shopper)
      .when((http) => http.as(shopper).post(`${BASE}ark-main/gift/`, { amount_cents: 100 }))
      .then(({ response }) => expect(response.status).toBe(403)));
});

describe("campaign admin REST", () => {
  it("create, then list with count/start/sort", () =>
    spec
      .given(arkCreated, edna)
      .when(async (http) => {
        const created = await http.as(edna).post(BASE, {
          slug: "flood-fund",
          name: "Flood Fund",
          goal_cents: 5000,
          starts: "2026-01-01T00:00:00Z",
          ends: "",
        });
        expect(created.status).toBe(201);
        expect(created.json).toMatchObject({
          id: 2,
          slug: "flood-fund",
          name: "Flood Fund",
          goal_cents: 5000,
          version: 0,
        });
        return http.as(edna).get(`${BASE}?count=1&start=0&sort=-id`);
      })
      .then(({ response }) =>
        expect(response.json).toMatchObject({ items: [{ id: 2, slug: "flood-fund" }], total: 2, count: 1, start: 0 }),
      ));

  it("a slug is taken once", () =>
    spec
      .given(arkCreated, edna)
      .when((http) => http.as(edna).post(BASE, { slug: "ark-main", name: "Again", goal_cents: 1 }))
      .then(({ response }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual(["slug: A campaign with this slug already exists."]);
      }));

  it("an update with the current expected_version saves; a stale one answers 409", () =>
    spec
      .given(arkCreated, giftRecorded("g1", 2500, 2500, 1), edna)
      .when(async (http) => {
        const saved = await http
          .as(edna)
          .request("PUT", `${BASE}1/`, { name: "The Ark", goal_cents: 200_000, expected_version: 1 });
        expect(saved.json).toMatchObject({ name: "The Ark", goal_cents: 200_000, raised_cents: 2500, version: 2 });
        return http.as(edna).request("PUT", `${BASE}1/`, { name: "Stale", goal_cents: 1, expected_version: 1 });
      })
      .then(({ response }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.success).toBe(false);
      }));
});
