import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isSameOrigin } from "./same-origin.ts";

const request = (headers: Record<string, string>, encrypted = false) =>
  ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

describe("core hardening 11: the socket handshake's Origin must be the site's own", () => {
  it("compares the Origin with the Host the request was sent to, scheme and port included", () => {
    expect(isSameOrigin(request({ host: "shop.example.org", origin: "http://shop.example.org" }), false)).toBe(true);
    expect(isSameOrigin(request({ host: "shop.example.org:80", origin: "http://shop.example.org" }), false)).toBe(true);
    expect(isSameOrigin(request({ host: "shop.example.org", origin: "https://shop.example.org" }, true), false)).toBe(
      true,
    );
    expect(isSameOrigin(request({ host: "shop.example.org", origin: "https://shop.example.org" }), false)).toBe(false);
    expect(isSameOrigin(request({ host: "shop.example.org", origin: "http://evil.example" }), false)).toBe(false);
    expect(
      isSameOrigin(request({ host: "shop.example.org", origin: "http://shop.example.org.evil.example" }), false),
    ).toBe(false);
    expect(isSameOrigin(request({ host: "shop.example.org", origin: "null" }), false)).toBe(false);
  });

  it("behind a proxy, uses the host and scheme the browser saw (X-Forwarded-Host/-Proto)", () => {
    const proxied = { host: "app:3000", "x-forwarded-host": "shop.example.org", "x-forwarded-proto": "https" };
    expect(isSameOrigin(request({ ...proxied, origin: "https://shop.example.org" }), true)).toBe(true);
    expect(isSameOrigin(request({ ...proxied, origin: "http://shop.example.org" }), true)).toBe(false);
    expect(isSameOrigin(request({ ...proxied, origin: "https://evil.example" }), true)).toBe(false);
    // Not behind a proxy, the forwarded headers are anyone's to forge: ignored.
    expect(isSameOrigin(request({ ...proxied, origin: "https://shop.example.org" }), false)).toBe(false);
  });

  it("lets a handshake without Origin through (not a browser, or a same-origin polling GET)", () => {
    expect(isSameOrigin(request({ host: "shop.example.org" }), false)).toBe(true);
  });
});
