import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { CHECKOUT_MESSAGES, cardBrand, cardDigits } from "@shop/shared";
import { migrateGatewayLedger, readLedgerOf, writeAuthorisation, writeCapture, writeLedger } from "./gateway-ledger.ts";
import type { AuthoriseResult, MonthlyGateway, PaymentGateway } from "./payment-gateway.ts";

/** The card the test gateway always declines (Stripe's test number for a generic decline). */
export const DECLINED_TEST_CARD = "4000000000000002";

interface Charge {
  amountCents: number;
  captured: number;
  refunded: number;
  voided: boolean;
}

/**
 * PAYMENT_GATEWAY=test (the default): accepts any card number (Luhn and expiry are checked before),
 * declines 4000 0000 0000 0002 with 'Your card was declined.'. With a database (the server's), every
 * movement is written to its ledger (gateway-ledger.ts) before it answers, so a restart forgets no
 * charge and an authorise retried with the same key answers the first result, as a real gateway does;
 * `charges` mirrors them in memory for tests.
 */
export function createTestGateway(
  ledger?: Kysely<Database>,
): PaymentGateway & { charges: Map<string, Charge>; monthly: MonthlyGateway } {
  const charges = new Map<string, Charge>();
  const byKey = new Map<string, AuthoriseResult>();
  let migrated: Promise<void> | null = null;
  const books = ledger
    ? async () => {
        migrated ??= migrateGatewayLedger(ledger).catch((error) => {
          migrated = null;
          throw error;
        });
        await migrated;
        return ledger;
      }
    : null;

  /** A charge as the ledger (or memory) knows it; undefined when the gateway never authorised it. */
  async function chargeOf(reference: string): Promise<Charge | undefined> {
    if (!books) return charges.get(reference);
    const rows = await readLedgerOf(await books(), reference);
    const authorised = rows.find((r) => r.kind === "authorise");
    if (!authorised) return undefined;
    const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + r.amount_cents, 0);
    return {
      amountCents: authorised.amount_cents,
      captured: sum("capture"),
      refunded: sum("refund"),
      voided: rows.some((r) => r.kind === "void"),
    };
  }
  const mirror = async (reference: string) => {
    const charge = await chargeOf(reference);
    if (charge) charges.set(reference, charge);
  };

  return {
    name: "test",
    charges,
    monthly: testMonthly(chargeOf),
    async authorise({ amountCents, source, idempotencyKey }) {
      const earlier = byKey.get(idempotencyKey);
      if (earlier) return earlier;
      const digits = "card" in source ? cardDigits(source.card.number) : null;
      if (digits === null || digits === DECLINED_TEST_CARD) {
        // A refusal writes nothing, but an authorisation made earlier with this key still stands.
        if (books) {
          const [row] = await readLedgerOf(await books(), null, idempotencyKey);
          if (row) return { ok: true, reference: row.reference, brand: row.brand ?? "", last4: row.last4 };
        }
        // Its card form is ours: a payment confirmed elsewhere is not one it made.
        if (digits === null) return { ok: false, message: CHECKOUT_MESSAGES.paymentMismatch };
        const declined: AuthoriseResult = { ok: false, message: CHECKOUT_MESSAGES.declined };
        byKey.set(idempotencyKey, declined);
        return declined;
      }
      const result: AuthoriseResult & { ok: true } = {
        ok: true,
        reference: `test_${randomBytes(9).toString("base64url")}`,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
      };
      if (books) {
        // Written, or the earlier authorisation with this key found, in one statement.
        const row = await writeAuthorisation(await books(), {
          reference: result.reference,
          amount_cents: amountCents,
          idempotency_key: idempotencyKey,
          brand: result.brand,
          last4: result.last4,
        });
        // Made earlier with this key: that authorisation is the answer, as it was before.
        if (row.reference !== result.reference)
          return { ok: true, reference: row.reference, brand: row.brand ?? "", last4: row.last4 };
      }
      charges.set(result.reference, { amountCents, captured: 0, refunded: 0, voided: false });
      byKey.set(idempotencyKey, result);
      return result;
    },
    async capture(reference, amountCents) {
      if (books) {
        // The charge read and the capture written in one statement (the same checks, below, on what it read).
        const read = await writeCapture(await books(), reference, amountCents);
        if (read.authorised === null || read.voided)
          throw new Error(`test gateway: nothing to capture for ${reference}`);
        if (read.refunded > 0) throw new Error(`test gateway: ${reference} was refunded`);
        const amount = Math.min(read.authorised, amountCents);
        charges.set(reference, {
          amountCents: read.authorised,
          captured: Math.max(read.captured, amount),
          refunded: 0,
          voided: false,
        });
        return;
      }
      const charge = await chargeOf(reference);
      if (!charge || charge.voided) throw new Error(`test gateway: nothing to capture for ${reference}`);
      // Money given back is not taken again: a resumed attempt whose payment was released cannot finish.
      if (charge.refunded > 0) throw new Error(`test gateway: ${reference} was refunded`);
      const amount = Math.min(charge.amountCents, amountCents);
      if (charge.captured >= amount) return; // captured already: a resumed attempt captures once
      charges.set(reference, { ...charge, captured: amount });
    },
    async refund(reference, amountCents) {
      const charge = await chargeOf(reference);
      if (!charge) throw new Error(`test gateway: no charge ${reference}`);
      const amount = Math.min(charge.captured - charge.refunded, amountCents);
      if (books) await writeLedger(await books(), movement(reference, "refund", amount));
      else charge.refunded += amount;
      await mirror(reference);
    },
    async release(reference) {
      const charge = await chargeOf(reference);
      if (!charge) return;
      const held = charge.captured - charge.refunded;
      if (held > 0) {
        if (books) await writeLedger(await books(), movement(reference, "refund", held));
        else charge.refunded += held;
      } else if (!charge.captured && !charge.voided) {
        if (books) await writeLedger(await books(), movement(reference, "void", charge.amountCents));
        else charge.voided = true;
      } else return;
      await mirror(reference);
    },
    async authorisationFor(idempotencyKey) {
      if (!books) {
        const earlier = byKey.get(idempotencyKey);
        return earlier?.ok ? earlier.reference : null;
      }
      const [row] = await readLedgerOf(await books(), null, idempotencyKey);
      return row?.reference ?? null;
    },
    async void(reference) {
      const charge = await chargeOf(reference);
      if (!charge || charge.captured || charge.voided) return;
      if (books) await writeLedger(await books(), movement(reference, "void", charge.amountCents));
      else charge.voided = true;
      await mirror(reference);
    },
  };
}

const movement = (reference: string, kind: "capture" | "refund" | "void", amount: number) => ({
  reference,
  kind,
  amount_cents: amount,
  idempotency_key: null,
  brand: null,
  last4: null,
});

/**
 * Monthly gifts in process: a subscription is a name (`test_sub_…`, one per gift) for the card of a
 * payment this gateway took; no month comes by itself: `chargeMonth` is the month (tests, and staff's
 * "charge a test month" in test mode), declined on request. Ended subscriptions are kept in memory
 * only: after a restart a test subscription charges again until cancelled again.
 */
function testMonthly(chargeOf: (reference: string) => Promise<Charge | undefined>): MonthlyGateway {
  const ended = new Set<string>();
  return {
    async startMonthly({ gift, paidWith }) {
      if (!(await chargeOf(paidWith))) throw new Error(`test gateway: no payment ${paidWith} to repeat`);
      return { subscription: `test_sub_${gift}` };
    },
    async cancelMonthly(subscription) {
      ended.add(subscription);
    },
    async chargeMonth({ subscription, gift, amountCents, decline }) {
      if (ended.has(subscription)) throw new Error(`test gateway: subscription ${subscription} has ended`);
      return {
        gift,
        subscription,
        invoice: `test_in_${randomBytes(9).toString("base64url")}`,
        amountCents,
        paid: !decline,
        message: decline ? CHECKOUT_MESSAGES.declined : null,
      };
    },
  };
}
