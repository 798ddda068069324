import { createServer } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { externalAnalyticsHosts, parseAnalyticsSetting } from "@shop/shared/analytics/constants";
import { helmetFor, type SecurityOptions, securityHeaders } from "./security-headers.ts";

async function headersOf(middleware: express.RequestHandler) {
  const app = express();
  app.disable("x-powered-by");
  app.use(middleware);
  app.get("/", (_req, res) => res.send("ok"));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return Object.fromEntries([...response.headers].filter(([name]) => name !== "date" && name !== "etag"));
  } finally {
    server.close();
  }
}

const cspOf = async (options?: SecurityOptions) =>
  (await headersOf(securityHeaders(options)))["content-security-policy"] ?? "";

describe("Content-Security-Policy", () => {
  it("allows js.stripe.com (script, frames) and api.stripe.com only when Stripe is the gateway", async () => {
    const plain = await cspOf();
    expect(plain).toContain("script-src 'self';");
    expect(plain).not.toContain("stripe.com");
    expect(plain).toContain("frame-src 'self' https:;"); // the overlay widget's cross-domain frame (docs/widgets.md)
    const stripe = await cspOf({ stripe: true });
    expect(stripe).toContain("script-src 'self' https://js.stripe.com;");
    expect(stripe).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com https:;");
    expect(stripe).toContain("connect-src 'self' https://api.stripe.com;");
  });
});

describe("spec 1: ANALYTICS opens the CSP to its service only when it is set", () => {
  it("spec 1: ga4 adds Google's script and collection hosts; plausible its one host; unset, neither", async () => {
    const hostsOf = (setting?: string) => ({ analytics: externalAnalyticsHosts(parseAnalyticsSetting(setting)) });
    const plain = await cspOf(hostsOf(undefined));
    expect(plain).not.toMatch(/google|plausible/);
    const ga4 = await cspOf(hostsOf("ga4:G-ABC1234"));
    expect(ga4).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(ga4).toContain("connect-src 'self' https://www.google-analytics.com https://*.google-analytics.com");
    expect(ga4).not.toContain("plausible");
    const plausible = await cspOf(hostsOf("plausible:shop.example.org"));
    expect(plausible).toContain("script-src 'self' https://plausible.io;");
    expect(plausible).toContain("connect-src 'self' https://plausible.io;");
  });
  it("spec 1: only ga4:G-… and plausible:domain are settings", () => {
    expect(parseAnalyticsSetting("ga4:g-abc1234")).toEqual({ kind: "ga4", id: "G-ABC1234" });
    expect(parseAnalyticsSetting("plausible:Shop.Example.org")).toEqual({
      kind: "plausible",
      domain: "shop.example.org",
    });
    for (const bad of ["ga4:UA-1234", "plausible:localhost", "ga4:G-1;script-src *", "matomo:x", ""])
      expect([bad, parseAnalyticsSetting(bad)]).toEqual([bad, null]);
  });
});

describe("security headers", () => {
  it("every answer carries exactly the headers helmet itself sets, with and without Stripe", async () => {
    for (const options of [{}, { stripe: true }]) {
      const listed = await headersOf(securityHeaders(options));
      expect(listed).toEqual(await headersOf(helmetFor(options)));
      expect(listed).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
        "referrer-policy": "strict-origin-when-cross-origin",
        "strict-transport-security": "max-age=31536000; includeSubDomains",
      });
    }
  });
});
