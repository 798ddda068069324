import { describe, expect, it } from "vitest";
import { loadConfig } from "../platform/config.ts";
import { paymentGatewayFor, paymentsBannerLine, takesCards } from "./gateway-for-config.ts";

const PG = { DATABASE_URL: "postgres://shop@db.example.org:5432/shop" };
const KEYS = { STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_PUBLISHABLE_KEY: "pk_live_abc123" };

describe("the gateway a server builds from its settings, and its start-up banner line", () => {
  it("security 6: on PostgreSQL with no payment settings there is no card gateway, and the banner says cards are off", () => {
    const config = loadConfig(PG);
    expect(config.PAYMENT_GATEWAY).toBe("none");
    expect(takesCards(paymentGatewayFor(config))).toBe(false);
    expect(paymentsBannerLine(config)).toMatch(/^cards OFF .*PAYMENT_GATEWAY/);
  });

  it("security 6: PAYMENT_GATEWAY=test on PostgreSQL takes test cards, and the banner says TEST MODE", async () => {
    const config = loadConfig({ ...PG, PAYMENT_GATEWAY: "test" });
    const gateway = paymentGatewayFor(config);
    expect(gateway.name).toBe("test");
    expect(paymentsBannerLine(config)).toMatch(/^TEST MODE/);
    const paid = await gateway.authorise({
      amountCents: 100,
      idempotencyKey: "k",
      source: { card: { number: "4111111111111111", expMonth: 12, expYear: 2040, cvv: "123", nameOnCard: "A" } },
    });
    expect(paid.ok).toBe(true);
  });

  it("the embedded default keeps the test gateway (a try-out), flagged test mode", () => {
    const config = loadConfig({});
    expect(paymentGatewayFor(config).name).toBe("test");
    expect(paymentsBannerLine(config)).toMatch(/^TEST MODE/);
  });

  it("Stripe's keys select Stripe on PostgreSQL too, and the banner names live keys", () => {
    const config = loadConfig({ ...PG, ...KEYS });
    expect(paymentGatewayFor(config).name).toBe("stripe");
    expect(paymentsBannerLine(config)).toBe("Stripe (live keys)");
  });

  it("security 6: the no-card gateway refuses a card with the shopper's message, should anything reach it", async () => {
    const gateway = paymentGatewayFor(loadConfig(PG));
    await expect(
      gateway.authorise({
        amountCents: 100,
        idempotencyKey: "k",
        source: { card: { number: "4111111111111111", expMonth: 12, expYear: 2040, cvv: "123", nameOnCard: "A" } },
      }),
    ).rejects.toMatchObject({ code: "PAYMENT_NOT_CONFIGURED" });
  });
});
