import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOK, CHECKOUT_CATALOG, GIFT, GOOD_CARD, throughShipping } from "../checkout/checkout-fixtures.ts";
import { opsEnv, runOpsInProcess } from "../ops/ops-cli-kit.ts";
import type { RunningServer } from "../server.ts";
import { TestClient } from "../testing/http-client.ts";
import { signedInClient } from "../testing/server-kit.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { writeLedger } from "./gateway-ledger.ts";

/** `npm run ops -- reconcile` against a running server's orders and its test gateway's ledger. */
describe("money 3: ops reconcile on a running shop", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  const settle = async () => void (await server.runner.waitFor(await server.store.head()));

  beforeAll(async () => {
    place = newTestPlace({ pglite: !testDatabaseUrl() });
    server = await startTestServer(place);
    for (const e of CHECKOUT_CATALOG)
      await server.store.append(e.streamId, [{ type: e.type, data: e.data, metadata: {} }]);
    const staff = (await signedInClient(server, "staff@example.org", "Staff")).client;
    await staff.post("/admin/api/store/campaign/", { slug: "ark-main", name: "Build the Ark", goal_cents: 100_000 });
    const shopper = new TestClient(server.url);
    await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
    await shopper.get(`/api/store/shop/add-to-cart/?${GIFT}=20`);
    await throughShipping(shopper);
    const paid = await shopper.post("/api/store/shop/checkout/payment/", { ...GOOD_CARD, name_on_card: "Ann" });
    expect(paid.status).toBe(200);
    await settle();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    if (place) await removeTestPlace(place);
  });

  it("money 3: a paid card order and its gift: '0 mismatches', exit 0", { timeout: 60_000 }, async () => {
    const result = await runOpsInProcess(opsEnv(place), ["reconcile", "--settle", "0"]);
    expect([result.code, result.stdout.trim()]).toEqual([0, "0 mismatches"]);
  });

  it("money 3: an authorisation with no order is listed as money without an order, exit 1", {
    timeout: 60_000,
  }, async () => {
    await writeLedger(server.database.db, {
      reference: "test_stray",
      kind: "authorise",
      amount_cents: 1999,
      idempotency_key: "stray",
      brand: "Visa",
      last4: "4242",
    });
    const result = await runOpsInProcess(opsEnv(place), ["reconcile", "--settle", "0"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("money without an order: test_stray holds $19.99");
    expect(result.stderr).toContain("1 mismatch");
    // Not yet judged while it may be in flight:
    expect((await runOpsInProcess(opsEnv(place), ["reconcile"])).code).toBe(0);
  });
});
