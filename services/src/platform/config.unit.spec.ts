import { describe, expect, it } from "vitest";
import { checkDeploymentSettings, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("defaults to PGlite in ./data on port 3000", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: "./data", DEMO_DATA: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.EVENTSTORE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL: must start with postgres:// or postgresql://"],
    [{ EVENTSTORE_URL: "http://x" }, "EVENTSTORE_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET: must be at least 16 characters"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
  ])("a bad value stops start-up with a message naming the variable (%o)", (env, expected) => {
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it("core hardening 13: listens on this machine only unless HOST says otherwise", () => {
    expect(loadConfig({}).HOST).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  it("core hardening 13: demo data (published logins) only on the embedded default unless DEMO_DATA says so", () => {
    const url = "postgres://shop@db:5432/shop";
    expect(loadConfig({}).DEMO_DATA).toBe(true);
    expect(loadConfig({ DEMO_DATA: "" }).DEMO_DATA).toBe(true);
    expect(loadConfig({ DATABASE_URL: url }).DEMO_DATA).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO_DATA: "" }).DEMO_DATA).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, DEMO_DATA: "true" }).DEMO_DATA).toBe(true);
    expect(loadConfig({ DEMO_DATA: "false" }).DEMO_DATA).toBe(false);
    expect(() => loadConfig({ DEMO_DATA: "maybe" })).toThrow("DEMO_DATA");
  });

  it("an empty DATABASE_URL means PGlite", () => {
    expect(loadConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("code health 8: SITE_TIME_ZONE defaults to America/New_York and must be an IANA zone", () => {
    expect(loadConfig({}).SITE_TIME_ZONE).toBe("America/New_York");
    expect(loadConfig({ SITE_TIME_ZONE: "Europe/Paris" }).SITE_TIME_ZONE).toBe("Europe/Paris");
    expect(() => loadConfig({ SITE_TIME_ZONE: "Eastern" })).toThrow(
      "SITE_TIME_ZONE: must be an IANA time zone such as America/New_York or UTC",
    );
  });

  it("code health 7: EVENTSTORE_URL takes only what the KurrentDB client reads, and says so naming the variable", () => {
    for (const url of [
      "esdb://kurrentdb:2113?tls=false",
      "esdb+discover://cluster.example.org",
      "esdb://admin:changeit@a:2113,b:2113?nodePreference=leader",
    ]) {
      expect(loadConfig({ EVENTSTORE_URL: url }).EVENTSTORE_URL).toBe(url);
    }
    expect(loadConfig({ EVENTSTORE_URL: "" }).EVENTSTORE_URL).toBeUndefined();
    const hint =
      "EVENTSTORE_URL: must be a KurrentDB connection string such as esdb://host:2113?tls=false or esdb+discover://host";
    expect(() => loadConfig({ EVENTSTORE_URL: "kurrentdb://kurrentdb:2113?tls=false" })).toThrow(
      `${hint} (Unexpected "kurrentdb://" at position 0, expected esdb:// or esdb+discover://.)`,
    );
    expect(() => loadConfig({ EVENTSTORE_URL: "kdb+discover://cluster.example.org" })).toThrow(hint);
    expect(() => loadConfig({ EVENTSTORE_URL: "esdb://kurrentdb:port" })).toThrow("expected port number");
    expect(() => loadConfig({ EVENTSTORE_URL: "esdb://kurrentdb:2113?tls=maybe" })).toThrow("expected true or false");
  });
  it("PAYMENT_GATEWAY is test unless asked on the embedded default; STRIPE_SECRET_KEY alone selects Stripe", () => {
    const keys = { STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_PUBLISHABLE_KEY: "pk_test_abc123" };
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe("test");
    expect(loadConfig({ PAYMENT_GATEWAY: "" }).PAYMENT_GATEWAY).toBe("test");
    expect(loadConfig(keys)).toMatchObject({ PAYMENT_GATEWAY: "stripe", STRIPE_API_BASE: "https://api.stripe.com" });
    expect(loadConfig({ ...keys, PAYMENT_GATEWAY: "test" }).PAYMENT_GATEWAY).toBe("test");
    expect(loadConfig({ ...keys, PAYMENT_GATEWAY: "stripe", STRIPE_API_BASE: "http://127.0.0.1:4999" })).toMatchObject({
      PAYMENT_GATEWAY: "stripe",
      STRIPE_API_BASE: "http://127.0.0.1:4999",
    });
  });

  it("security 6: with DATABASE_URL and neither PAYMENT_GATEWAY nor a Stripe key there is no card gateway", () => {
    const pg = { DATABASE_URL: "postgres://shop@db:5432/shop" };
    expect(loadConfig(pg).PAYMENT_GATEWAY).toBe("none");
    expect(loadConfig({ ...pg, PAYMENT_GATEWAY: "" }).PAYMENT_GATEWAY).toBe("none");
    expect(loadConfig({ ...pg, PAYMENT_GATEWAY: "test" }).PAYMENT_GATEWAY).toBe("test");
    expect(
      loadConfig({ ...pg, STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_PUBLISHABLE_KEY: "pk_test_abc123" })
        .PAYMENT_GATEWAY,
    ).toBe("stripe");
    expect(() => loadConfig({ ...pg, PAYMENT_GATEWAY: "none" })).toThrow('PAYMENT_GATEWAY: must be "test" or "stripe"');
  });

  it.each([
    [{ PAYMENT_GATEWAY: "paypal" }, 'PAYMENT_GATEWAY: must be "test" or "stripe"'],
    [{ PAYMENT_GATEWAY: "stripe" }, "STRIPE_SECRET_KEY: is required when PAYMENT_GATEWAY=stripe"],
    [
      { PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk_test_abc" },
      "STRIPE_PUBLISHABLE_KEY: is required when PAYMENT_GATEWAY=stripe",
    ],
    [{ STRIPE_SECRET_KEY: "sk_test_abc" }, "STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY selects Stripe"],
    [{ STRIPE_SECRET_KEY: "pk_test_abc" }, "STRIPE_SECRET_KEY: must be a Stripe secret key"],
    [{ STRIPE_API_BASE: "api.stripe.com" }, "STRIPE_API_BASE: must be an http(s) URL"],
  ])(
    "a Stripe gateway without its keys, or an unknown gateway, stops start-up naming the variable (%o)",
    (env, expected) => {
      expect(() => loadConfig(env)).toThrow(expected);
    },
  );

  it("security 1: SITE_URL defaults to this machine's address and keeps only the origin", () => {
    expect(loadConfig({}).SITE_URL).toBe("http://127.0.0.1:3000");
    expect(loadConfig({ PORT: "8080" }).SITE_URL).toBe("http://127.0.0.1:8080");
    expect(loadConfig({ SITE_URL: "https://shop.example.org/" }).SITE_URL).toBe("https://shop.example.org");
    expect(() => loadConfig({ SITE_URL: "shop.example.org" })).toThrow("SITE_URL");
    expect(() => loadConfig({ SITE_URL: "https://shop.example.org/store/" })).toThrow(
      "SITE_URL: must be an origin only",
    );
    expect(() => loadConfig({ SITE_URL: "javascript://x" })).toThrow("SITE_URL");
  });

  it("security 1: a server on PostgreSQL in production does not start without SITE_URL, and says so", () => {
    const url = "postgres://shop@db:5432/shop";
    expect(() => checkDeploymentSettings({ DATABASE_URL: url })).toThrow(/SITE_URL: is required with DATABASE_URL/);
    expect(() => checkDeploymentSettings({ DATABASE_URL: url, NODE_ENV: "production" })).toThrow("SITE_URL");
    expect(() => checkDeploymentSettings({ DATABASE_URL: url, SITE_URL: "https://shop.example.org" })).not.toThrow();
    expect(() => checkDeploymentSettings({ DATABASE_URL: url, NODE_ENV: "test" })).not.toThrow();
    expect(() => checkDeploymentSettings({})).not.toThrow();
  });

  it("RATE_LIMIT_MULTIPLIER is 1 unless a bench raises it", () => {
    expect(loadConfig({}).RATE_LIMIT_MULTIPLIER).toBe(1);
    expect(loadConfig({ RATE_LIMIT_MULTIPLIER: "100" }).RATE_LIMIT_MULTIPLIER).toBe(100);
    expect(() => loadConfig({ RATE_LIMIT_MULTIPLIER: "0" })).toThrow("RATE_LIMIT_MULTIPLIER");
  });

  it("security 5: CHECK_HOLD_DAYS is 14 unless set, a whole number of at least one day", () => {
    expect(loadConfig({}).CHECK_HOLD_DAYS).toBe(14);
    expect(loadConfig({ CHECK_HOLD_DAYS: "30" }).CHECK_HOLD_DAYS).toBe(30);
    expect(() => loadConfig({ CHECK_HOLD_DAYS: "0" })).toThrow("CHECK_HOLD_DAYS");
    expect(() => loadConfig({ CHECK_HOLD_DAYS: "1.5" })).toThrow("CHECK_HOLD_DAYS: must be a whole number");
  });
});
