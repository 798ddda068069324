import { describe, expect, it } from "vitest";
import { isInternalLink, ORGANISATION_HOSTS } from "./internal-link.ts";

describe("about 15 organisation hosts count as internal", () => {
  it("the list holds about 15 hosts", () => {
    expect(ORGANISATION_HOSTS.length).toBeGreaterThanOrEqual(13);
    expect(ORGANISATION_HOSTS.length).toBeLessThanOrEqual(17);
  });

  it.each(ORGANISATION_HOSTS.map((host) => [host]))("https://%s/ is internal", (host) => {
    expect(isInternalLink(`https://${host}/some/page/?q=1`)).toBe(true);
  });

  it.each([
    ["http://www.answersingenesis.org/", true],
    ["HTTPS://WWW.ArkEncounter.com/tickets/", true],
    ["//creationmuseum.org/visit/", true],
    ["https://store.answersingenesis.org:443/cart/", true],
    ["https://example.com/", false],
    ["https://answersingenesis.org.evil.com/", false],
    ["https://evil.com/?next=answersingenesis.org", false],
    ["https://answersingenesis.org@evil.com/", false],
    ["https://blog.answersingenesis.org/", false],
  ])("%s is internal: %s", (url, expected) => {
    expect(isInternalLink(url)).toBe(expected);
  });

  it("a caller may supply its own host list", () => {
    expect(isInternalLink("https://staging.example.org/", { hosts: ["staging.example.org"] })).toBe(true);
    expect(isInternalLink("https://answersingenesis.org/", { hosts: ["staging.example.org"] })).toBe(false);
  });
});

describe("private IP:port addresses count as internal", () => {
  it.each([
    ["http://10.0.0.5:8000/admin/", true],
    ["http://172.16.4.2:3000/", true],
    ["http://172.31.255.1:8080", true],
    ["http://192.168.0.10:8000/store/", true],
    ["http://127.0.0.1:5173/", true],
    ["http://192.168.0.10/store/", false],
    ["http://172.15.0.1:8000/", false],
    ["http://172.32.0.1:8000/", false],
    ["http://8.8.8.8:53/", false],
    ["http://11.0.0.1:8000/", false],
  ])("%s is internal: %s", (url, expected) => {
    expect(isInternalLink(url)).toBe(expected);
  });
});

describe("relative URLs are internal; other schemes are not", () => {
  it.each([
    ["/store/cart/", true],
    ["page.html", true],
    ["../about/", true],
    ["?start=20", true],
    ["#top", true],
    ["", true],
    ["mailto:info@answersingenesis.org", false],
    ["tel:+18005551234", false],
    ["javascript:void(0)", false],
    ["ftp://answersingenesis.org/file", false],
  ])("%j is internal: %s", (url, expected) => {
    expect(isInternalLink(url)).toBe(expected);
  });
});
