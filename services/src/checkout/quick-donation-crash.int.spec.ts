import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  campaignStream,
  paymentAttemptStream,
  QuickDonationRequest,
  quickCheckoutStream,
  type EventStore,
} from "@shop/shared";
import { readLedger } from "../payments/gateway-ledger.ts";
import type { RunningServer } from "../server.ts";
import { killedProcessStore, killOn, type Kill } from "../testing/killed-process-store.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { GIFT, GOOD_CARD, givenCatalogAndCampaign } from "./checkout-fixtures.ts";
import { settleAttempt } from "./payment-reactor.ts";
import { submitQuickDonation } from "./quick-donation-service.ts";
import { quickCheckoutDeps } from "../testing/quick-checkout-deps.ts";

// Issue 26, leftover 2: give-now killed at each step of its payment. The gift is paid in a process
// whose writes stop for good right after (or just before) a given write lands, as a SIGKILLed process
// writes nothing more and undoes nothing; the gateway (the test gateway's ledger in the database, as a
// real gateway keeps its own books) outlives it. Then, as after a restart: a fresh gateway, the payment
// reactor's settle from the log alone, and the giver submitting again with the same Idempotency-Key.

const Q = "/api/store/shop/quick-donation/";
const { payment_type: _card, ...CARD } = GOOD_CARD;
const FORM = { fund: GIFT, amount: "12.50", email: "noah@example.org", ...CARD };

/** Each step of the donation's payment, in the order the attempt writes them. */
const STEPS: Array<[string, Kill, boolean, "finished" | "undone" | "already settled"]> = [
  ["after the journal and the claim", killOn("PaymentAttemptStarted"), false, "undone"],
  ["after the card was authorised, before it was journaled", killOn("PaymentAttemptAuthorised"), true, "undone"],
  ["after the authorisation was journaled", killOn("PaymentAttemptAuthorised"), false, "finished"],
  ["after the number was journaled (the reserve step)", killOn("PaymentAttemptNumbered"), false, "finished"],
  ["after the capture, before the order's transaction", killOn("OrderPlaced"), true, "finished"],
  ["after the order's transaction", killOn("OrderPlaced"), false, "already settled"],
];

describe.skipIf(!testDatabaseUrl())("spec 26.5 give-now killed mid-payment (PostgreSQL)", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  const raised = async () =>
    (await server.store.readStream(campaignStream("ark-main")))
      .filter((e) => e.type === "CampaignGiftRecorded")
      .map((e) => (e.data as { orderNumber: string | null }).orderNumber);

  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place);
    await givenCatalogAndCampaign(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (place) await removeTestPlace(place);
  });

  for (const [i, [step, kill, before, settled]] of STEPS.entries())
    it(`spec 26.5 give-now killed ${step}: one charge, the gift counted once, the order completes or is voided`, async () => {
      const db = server.database.db;
      const key = `give-crash-${i}`;
      // A process's gateway knows only what the ledger says.
      const deps = (store: EventStore) => quickCheckoutDeps(db, store);
      const { dying, died } = killedProcessStore(server.store, kill, before);
      const request = {
        idempotencyKey: key,
        userId: null,
        cartId: `give-cart-${i}`,
        address: "127.0.0.2",
        metadata: {},
      };
      void submitQuickDonation(deps(dying), QuickDonationRequest.parse(FORM), request);
      await expect.poll(died, { timeout: 10_000 }).toBe(true);

      // The restart: the reactor settles the attempt from the log (the journal names it).
      const started = (await server.store.readStream(quickCheckoutStream(key))).find(
        (e) => e.type === "QuickCheckoutStarted",
      );
      expect(started).toBeDefined(); // the claim and the journal land together, before anything else
      const attemptId = (started!.data as { attemptId: string }).attemptId;
      const restarted = deps(server.store);
      expect(await settleAttempt(restarted, attemptId)).toBe(settled);
      expect(await settleAttempt(restarted, attemptId)).toBe("already settled");
      const journal = (await server.store.readStream(paymentAttemptStream(attemptId))).at(-1);
      expect(journal?.type).toBe(settled === "undone" ? "PaymentAttemptUndone" : "PaymentAttemptFinished");

      // The giver submits again with the same key: the order the attempt placed, or (undone) a new one.
      const again = await new TestClient(server.url).post(Q, FORM, { "idempotency-key": key });
      expect(again.status).toBe(200);
      const number = again.json.order.number as string;
      const twice = await new TestClient(server.url).post(Q, FORM, { "idempotency-key": key });
      expect(twice.json.order.number).toBe(number);

      // Money: of this key's authorisations, exactly one captured (1250) and never refunded; the rest voided.
      const ledger = await readLedger(db);
      const attempts = (await server.store.readStream(quickCheckoutStream(key)))
        .filter((e) => e.type === "QuickCheckoutStarted")
        .map((e) => (e.data as { attemptId: string }).attemptId);
      const references = ledger
        .filter((r) => r.kind === "authorise" && attempts.includes(r.idempotency_key ?? ""))
        .map((r) => r.reference);
      const of = (kind: string) => ledger.filter((r) => r.kind === kind && references.includes(r.reference));
      expect(of("capture").map((r) => r.amount_cents)).toEqual([1250]);
      expect(of("refund")).toEqual([]);
      expect(of("void")).toHaveLength(references.length - 1);
      // The gift: counted once on the thermometer, for the order the giver was answered.
      expect((await raised()).filter((n) => n === number)).toHaveLength(1);
    });

  it("spec 26.5 after every crash the thermometer shows each gift once", async () => {
    await server.runner.waitFor(await server.store.head());
    const status = await new TestClient(server.url).get("/api/store/campaign-status/?campaign=ark-main");
    expect(status.json).toMatchObject({ raised_cents: 1250 * STEPS.length, donors: STEPS.length });
  });
});
