import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { createDeviceCookies, DEVICE_COOKIE, DEVICE_DAYS } from "./device-cookie.ts";

/** The cookie a browser would send back, and what the server set. */
function browser() {
  const jar = new Map<string, string>();
  const req = () => ({ headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } }) as Request;
  const res = {
    cookie(name: string, value: string) {
      jar.set(name, encodeURIComponent(value));
    },
  } as unknown as Response;
  return { jar, req, res };
}

describe("the device cookie", async () => {
  let now = new Date("2026-11-28T12:00:00Z");
  const devices = createDeviceCookies({
    key: async () => Buffer.from("a session secret of 32 characters"),
    secure: true,
    clock: () => now,
  });

  it("security 13: a browser is known for the accounts it signed in to, and only those", async () => {
    const b = browser();
    expect(await devices.knows(b.req(), "owner@example.org")).toBe(false);
    await devices.remember(b.req(), b.res, "Owner@Example.org");
    await devices.remember(b.req(), b.res, "spouse@example.org");
    expect(await devices.knows(b.req(), "owner@example.org")).toBe(true);
    expect(await devices.knows(b.req(), "spouse@example.org")).toBe(true);
    expect(await devices.knows(b.req(), "someone@example.org")).toBe(false);
  });

  it("security 13: a mark made with another key, edited or too old is not honoured", async () => {
    const b = browser();
    await createDeviceCookies({
      key: async () => Buffer.from("another secret of 32 characters!"),
      secure: true,
      clock: () => now,
    }).remember(b.req(), b.res, "owner@example.org");
    expect(b.jar.get(DEVICE_COOKIE)).toBeTruthy();
    expect(await devices.knows(b.req(), "owner@example.org")).toBe(false);
    await devices.remember(b.req(), b.res, "owner@example.org");
    const [day, mark] = decodeURIComponent(b.jar.get(DEVICE_COOKIE)!).split("~")[0].split(".");
    b.jar.set(DEVICE_COOKIE, `${Number(day) + 1}.${mark}`);
    expect(await devices.knows(b.req(), "owner@example.org")).toBe(false);
    await devices.remember(b.req(), b.res, "owner@example.org");
    now = new Date(now.getTime() + (DEVICE_DAYS + 1) * 86_400_000);
    expect(await devices.knows(b.req(), "owner@example.org")).toBe(false);
  });
});
