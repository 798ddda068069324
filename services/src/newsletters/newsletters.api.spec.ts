import { describe, expect, it } from "vitest";
import { newsletterListStream, newsletterSubscriberStream, type RecordedEvent } from "@shop/shared";
import type { Kysely } from "kysely";
import { emailHash, type Database } from "@shop/projections";
import { createApp } from "../app.ts";
import { queuedMailsIn } from "../mail/queued-mails.ts";
import { apiSpec, type GivenEvent, type SpecHttp } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";

const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const shopper = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });
const at = new Date().toISOString();

const list = (id: number, name: string, requiresPostalCode = false, active = true): GivenEvent => ({
  streamId: newsletterListStream(id),
  type: "NewsletterListAdded",
  data: { id, slug: name.toLowerCase(), name, description: "", requiresPostalCode, active, addedAt: at, by: null },
});
const weekly = list(1, "Weekly");
const events = list(3, "Events", true);
/** The mail the request queued, opened from its sealed box. */
const mailOf = async (db: Kysely<Database>, newEvents: RecordedEvent[]) => (await queuedMailsIn(db, newEvents))[0]!;
const linkIn = (text: string, path: string) => {
  const match = text.match(new RegExp(`https?://[^\\s]*${path}\\?token=([\\w-]+)`));
  return match?.[1] ?? null;
};

/** The outbox as staff read it; its read model follows the MailQueued event, so it is read until the mail shows. */
async function mailboxText(http: SpecHttp, to: string) {
  for (let tries = 0; tries < 100; tries++) {
    const mailbox = await http.as(edna).get(`/admin/api/mailbox/?to=${encodeURIComponent(to)}`);
    if (mailbox.json.items?.length) return JSON.stringify(mailbox.json);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

describe("newsletter form (storefront §4, §5 Newsletter)", () => {
  it("the form offers the active lists, the events list marked as needing a postal code", () =>
    spec
      .given(weekly, events, list(4, "Old", false, false))
      .when((http) => http.visitor().get("/api/newsletters/lists/"))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json.items.map((l: { name: string }) => l.name)).toEqual(["Events", "Weekly"]);
        expect(response.json.items[0]).toMatchObject({ id: 3, requires_postal_code: true });
      }));

  it("'You must select at least one of our newsletters.' on the lists field; nothing is written", () =>
    spec
      .given(weekly)
      .when((http) => http.visitor().post("/newsletters/signup/", { email: "ann@example.org" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual(["lists: You must select at least one of our newsletters."]);
        expect(newEvents).toEqual([]);
      }));

  it("'Postal code is required to receive event emails.' when the events list is chosen", () =>
    spec
      .given(weekly, events)
      .when((http) => http.visitor().post("/newsletters/signup/", { email: "ann@example.org", lists: [1, 3] }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual([
          "postal_code: Postal code is required to receive event emails.",
        ]);
        expect(newEvents).toEqual([]);
      }));

  it("double opt-in: needs-finished and a confirmation mail with a confirm and an unsubscribe link; the link gives thanks", () =>
    spec
      .given(weekly, events, edna)
      .when(async (http) => {
        const sent = await http
          .visitor()
          .post("/newsletters/signup/", { email: " Ann@Example.org ", lists: ["3"], postal_code: "41005" });
        expect(sent.json).toMatchObject({ outcome: "needs-finished" });
        const pending = await http.as(edna).get("/admin/api/newsletters/subscriber/");
        expect(pending.json.items).toEqual([expect.objectContaining({ email: "ann@example.org", status: "pending" })]);
        const text = await mailboxText(http, "ann@example.org");
        const token = linkIn(text, "/newsletters/confirm/");
        expect(token).not.toBeNull();
        expect(linkIn(text, "/newsletters/unsubscribe/")).not.toBeNull();
        return http.visitor().post("/api/newsletters/confirm/", { token });
      })
      .then(async ({ response, newEvents, http, db }) => {
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({ outcome: "thanks" });
        expect(newEvents.map((e) => e.type)).toContain("NewsletterSignupConfirmed");
        expect(newEvents.find((e) => e.type === "NewsletterSignupConfirmed")?.streamId).toBe(
          newsletterSubscriberStream(await emailHash(db, "ann@example.org")),
        );
        expect(linkIn((await mailOf(db, newEvents)).text, "/newsletters/unsubscribe/")).not.toBeNull();
        const confirmed = await http.as(edna).get("/admin/api/newsletters/subscriber/");
        expect(confirmed.json.items[0]).toMatchObject({ status: "confirmed", lists: "Events", postal_code: "41005" });
        const again = await http
          .visitor()
          .post("/newsletters/signup/", { email: "ann@example.org", lists: [3], postal_code: "41005" });
        // The same answer as for a new address (security 14), and no second mail.
        expect(again.json).toMatchObject({ outcome: "needs-finished" });
      }));

  it("a confirm link that names nothing is refused", () =>
    spec
      .given(weekly)
      .when((http) => http.visitor().post("/api/newsletters/confirm/", { token: "not-a-token" }))
      .then(({ response }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.code).toBe("NEWSLETTER_LINK_INVALID");
      }));

  it("the unsubscribe link in the mail takes the address off every list", () =>
    spec
      .given(weekly, edna)
      .when(async (http) => {
        await http.visitor().post("/newsletters/signup/", { email: "ann@example.org", lists: [1] });
        const token = linkIn(await mailboxText(http, "ann@example.org"), "/newsletters/unsubscribe/");
        return http.visitor().post("/api/newsletters/unsubscribe/", { token });
      })
      .then(async ({ response, http }) => {
        expect(response.status).toBe(200);
        const rows = await http.as(edna).get("/admin/api/newsletters/subscriber/?status=unsubscribed");
        expect(rows.json.items).toEqual([expect.objectContaining({ email: "ann@example.org", lists: "" })]);
      }));
});

describe("issue 22: the form neither floods a mailbox nor tells who subscribes", () => {
  /** Mails to `to` in the staff's mailbox (its read model follows the outbox). */
  const mailsTo = async (http: SpecHttp, to: string) =>
    (await http.as(edna).get(`/admin/api/mailbox/?to=${encodeURIComponent(to)}`)).json.items as unknown[];

  it("security 8: 20 sign-ups for one unconfirmed address queue one confirmation mail; the first link still works", () =>
    spec
      .given(weekly, edna)
      .when(async (http) => {
        const answers = [];
        for (let i = 0; i < 20; i++)
          answers.push(await http.visitor().post("/newsletters/signup/", { email: "victim@example.org", lists: [1] }));
        expect(new Set(answers.map((a) => JSON.stringify([a.status, a.json]))).size).toBe(1);
        expect(answers[0].json).toMatchObject({ outcome: "needs-finished" });
        const token = linkIn(await mailboxText(http, "victim@example.org"), "/newsletters/confirm/");
        return http.visitor().post("/api/newsletters/confirm/", { token });
      })
      .then(async ({ response, newEvents, http }) => {
        expect(response.json).toMatchObject({ outcome: "thanks" });
        const queued = newEvents
          .filter((e) => e.type === "MailQueued")
          .map((e) => (e.data as { subject: string }).subject);
        expect(queued).toEqual(["Please confirm your newsletter subscription", "You are subscribed"]);
        await expect.poll(async () => (await mailsTo(http, "victim@example.org")).length).toBe(2);
      }));

  it("security 14: a confirmed subscriber and a new address get the same answer; only the new one is mailed", () =>
    spec
      .given(weekly, edna)
      .when(async (http) => {
        await http.visitor().post("/newsletters/signup/", { email: "old@example.org", lists: [1] });
        const token = linkIn(await mailboxText(http, "old@example.org"), "/newsletters/confirm/");
        expect((await http.visitor().post("/api/newsletters/confirm/", { token })).json).toMatchObject({
          outcome: "thanks",
        });
        const confirmed = await http.visitor().post("/newsletters/signup/", { email: "old@example.org", lists: [1] });
        const fresh = await http.visitor().post("/newsletters/signup/", { email: "new@example.org", lists: [1] });
        expect([confirmed.status, confirmed.json]).toEqual([fresh.status, fresh.json]);
        return fresh;
      })
      .then(async ({ response, newEvents, db }) => {
        expect(response.json).toMatchObject({ outcome: "needs-finished" });
        const confirmations = (await queuedMailsIn(db, newEvents)).filter((m) =>
          m.subject.startsWith("Please confirm"),
        );
        expect(confirmations.map((m) => m.to)).toEqual(["old@example.org", "new@example.org"]);
      }));
});

describe("UK email signup (storefront §7, §8)", () => {
  it("answers success, message and errors, and mails a welcome with an unsubscribe link", () =>
    spec
      .given()
      .when((http) => http.visitor().post("/newsletters/uk-signup/", { email: "uk@example.org" }))
      .then(async ({ response, newEvents, db }) => {
        expect(response.status).toBe(200);
        expect(response.json).toEqual({
          success: true,
          message: expect.any(String),
          errors: [],
          metadata: { success: true, message: expect.any(String), errors: [] },
        });
        expect(newEvents.map((e) => e.type)).toEqual(["UkEmailSignedUp", "MailQueued"]);
        expect(linkIn((await mailOf(db, newEvents)).text, "/newsletters/unsubscribe/")).not.toBeNull();
      }));

  it("'The email address could not be added to the list. Please refresh your page and try again.' with the errors", () =>
    spec
      .given()
      .when((http) => http.visitor().post("/newsletters/uk-signup/", { email: "nope" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        const message = "The email address could not be added to the list. Please refresh your page and try again.";
        const errors = ["email: Please enter a valid email address (nope)."];
        expect(response.json).toEqual({
          success: false,
          message,
          errors,
          metadata: { success: false, message, errors, code: "INVALID_REQUEST" },
        });
        expect(newEvents).toEqual([]);
      }));
});

describe("staff: newsletter lists and subscribers", () => {
  it("staff add a list; the form offers it", () =>
    spec
      .given(edna)
      .when((http) =>
        http
          .as(edna)
          .post("/admin/api/newsletters/list/", { name: "Events", slug: "events", requires_postal_code: "1" }),
      )
      .then(async ({ response, http }) => {
        expect(response.status).toBe(201);
        expect(response.json).toMatchObject({ name: "Events", requires_postal_code: true, active: true, version: 0 });
        const offered = await http.visitor().get("/api/newsletters/lists/");
        expect(offered.json.items).toEqual([expect.objectContaining({ name: "Events" })]);
      }));

  it("the subscribers export as CSV, for staff only", () =>
    spec
      .given(weekly, edna, shopper)
      .when(async (http) => {
        await http.visitor().post("/newsletters/uk-signup/", { email: "uk@example.org" });
        await http.visitor().post("/newsletters/signup/", { email: "ann@example.org", lists: [1] });
        expect((await http.visitor().get("/admin/api/newsletters/subscribers.csv")).status).toBe(401);
        expect((await http.as(shopper).get("/admin/api/newsletters/subscribers.csv")).status).toBe(403);
        return http.as(edna).get("/admin/api/newsletters/subscribers.csv");
      })
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
        const lines = response.text.trim().split("\r\n");
        expect(lines[0]).toBe("email,status,lists,postal_code,requested_at,confirmed_at");
        expect(lines.slice(1).map((l) => l.split(",").slice(0, 3).join(","))).toEqual([
          "ann@example.org,pending,",
          "uk@example.org,confirmed,UK",
        ]);
      }));
});
