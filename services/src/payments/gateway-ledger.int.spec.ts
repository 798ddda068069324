import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../testing/backends.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { readLedger } from "./gateway-ledger.ts";
import { createTestGateway } from "./test-gateway.ts";

const card = { card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2030, cvv: "123", nameOnCard: "A" } };

describe.each(testBackends())("the test gateway's ledger on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  }, 60_000);
  afterAll(() => database?.drop());

  it("money 3: the ledger survives a restart: a new gateway over the same database captures, answers the same key, and voids", async () => {
    const before = createTestGateway(database.db);
    const first = await before.authorise({ amountCents: 5000, source: card, idempotencyKey: "attempt-1" });
    expect(first.ok).toBe(true);
    const reference = first.ok ? first.reference : "";

    const after = createTestGateway(database.db); // the process died; a new one starts
    expect(await after.authorise({ amountCents: 5000, source: card, idempotencyKey: "attempt-1" })).toEqual(first);
    await after.capture(reference, 5000);
    await after.capture(reference, 5000); // a resumed attempt captures once
    await after.refund(reference, 1500);
    const second = await after.authorise({ amountCents: 700, source: card, idempotencyKey: "attempt-2" });
    if (second.ok) await after.void(second.reference);
    expect((await readLedger(database.db)).map((r) => [r.kind, r.amount_cents])).toEqual([
      ["authorise", 5000],
      ["capture", 5000],
      ["refund", 1500],
      ["authorise", 700],
      ["void", 700],
    ]);
  });

  it("money 3: two processes authorising one key at once make one authorisation, and both answer it", async () => {
    const [a, b] = [createTestGateway(database.db), createTestGateway(database.db)];
    const answers = await Promise.all(
      [a, b, a, b].map((g) => g.authorise({ amountCents: 900, source: card, idempotencyKey: "attempt-twins" })),
    );
    expect(answers.every((x) => x.ok)).toBe(true);
    expect(new Set(answers.map((x) => (x.ok ? x.reference : "")))).toHaveLength(1);
    const rows = (await readLedger(database.db)).filter((r) => r.idempotency_key === "attempt-twins");
    expect(rows.map((r) => [r.kind, r.amount_cents])).toEqual([["authorise", 900]]);
  });
});
