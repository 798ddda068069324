import { createServer } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.ts";

async function cspOf(options?: { stripe?: boolean }) {
  const app = express();
  app.use(securityHeaders(options));
  app.get("/", (_req, res) => res.send("ok"));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return response.headers.get("content-security-policy") ?? "";
  } finally {
    server.close();
  }
}

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
