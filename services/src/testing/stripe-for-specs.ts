import { afterAll, beforeAll, beforeEach } from "vitest";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import {
  answerWith,
  startStripeFixtureServer,
  stripeFixture,
  type QueuedAnswer,
  type StripeFixtureServer,
} from "../payments/stripe-fixture-server.ts";
import { createStripeGateway } from "../payments/stripe-gateway.ts";
import type { TestClient } from "./http-client.ts";

/**
 * A spec file's Stripe: the local stand-in for Stripe's API (stripe-fixture-server.ts), started before
 * the file's tests, emptied before each and closed after them, and the shop's Stripe gateway pointed
 * at it. Read its fields inside tests and app factories (they exist once the file's beforeAll ran).
 */
export function stripeForSpecs(keys = { secretKey: "sk_test_fixture123", publishableKey: "pk_test_fixture123" }) {
  let server: StripeFixtureServer | undefined;
  let gateway: PaymentGateway | undefined;
  beforeAll(async () => {
    server = await startStripeFixtureServer();
    gateway = createStripeGateway({ ...keys, baseUrl: server.url, retryDelayMs: 1 });
  });
  afterAll(() => server?.close());
  beforeEach(() => server?.reset());
  const started = () => {
    if (!server || !gateway) throw new Error("Stripe's stand-in starts in the spec file's beforeAll");
    return { server, gateway };
  };
  return {
    get url() {
      return started().server.url;
    },
    /** Every request the stand-in got since the test began. */
    get requests() {
      return started().server.requests;
    },
    /** Queues the answers of the next requests, in order. */
    answer: (...answers: QueuedAnswer[]) => started().server.answer(...answers),
    /** The shop's Stripe gateway, talking to the stand-in. */
    get gateway() {
      return started().gateway;
    },
  };
}

/**
 * A one-form page on Stripe (give-now, the membership quick checkout): `intentFor` asks the form's
 * `{path}payment/` for the PaymentIntent of an Idempotency-Key's round and returns the answer and the
 * tag the server sent to Stripe; `confirmed` is that intent as Stripe answers it once the browser
 * confirmed it for `amountCents`.
 */
export function oneFormIntents(
  stripe: ReturnType<typeof stripeForSpecs>,
  path: string,
  form: Record<string, string>,
  amountCents: number,
) {
  return {
    async intentFor(client: TestClient, key: string, body: Record<string, string> = form) {
      stripe.answer(stripeFixture("payment-intent-create").response);
      const page = await client.post(`${path}payment/`, body, { "idempotency-key": key });
      const tag = stripe.requests.at(-1)?.form["metadata[shop_checkout]"] ?? "";
      return { page, tag };
    },
    confirmed: (name: string, tag: string) =>
      answerWith(stripeFixture(name), { amount: amountCents, metadata: { shop_checkout: tag } }),
  };
}
