import { createServer } from "node:http";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setSiteCookie } from "./cookies.ts";

/** The Set-Cookie lines of one answer whose route sets cookies with `set`. */
async function setCookies(set: (res: express.Response) => void): Promise<string[]> {
  const app = express();
  app.get("/", (_req, res) => {
    set(res);
    res.json({});
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as { port: number };
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    await answer.arrayBuffer();
    return answer.headers.getSetCookie();
  } finally {
    server.close();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("site cookies", () => {
  it("are written as express's res.cookie writes them, beside the cookies set before them", async () => {
    const year = 365 * 24 * 3600 * 1000;
    for (const now of [Date.UTC(2026, 10, 29, 15, 58, 15, 999), Date.UTC(2027, 1, 28, 23, 59, 59, 1)]) {
      vi.spyOn(Date, "now").mockReturnValue(now);
      for (const secure of [false, true])
        for (const httpOnly of [false, true]) {
          const options = { secure, httpOnly, sameSite: "lax", path: "/" } as const;
          const expected = await setCookies((res) => {
            res.cookie("first", "1", { maxAge: 1000 });
            res.cookie("csrftoken", "VVzY62npjgM5TFJW1N6qibZ7oIG5i3ZT", { ...options, maxAge: year });
            res.cookie("cartid", "v-AQ2sDqkHyr2wlWgbR2-rO1FW.hsYt5mVuEOs_vdZX", { ...options, maxAge: 90_000 });
          });
          const ours = await setCookies((res) => {
            res.cookie("first", "1", { maxAge: 1000 });
            setSiteCookie(res, "csrftoken", "VVzY62npjgM5TFJW1N6qibZ7oIG5i3ZT", { secure, httpOnly, maxAgeMs: year });
            setSiteCookie(res, "cartid", "v-AQ2sDqkHyr2wlWgbR2-rO1FW.hsYt5mVuEOs_vdZX", {
              secure,
              httpOnly,
              maxAgeMs: 90_000,
            });
          });
          expect(ours).toEqual(expected);
          expect(ours).toHaveLength(3);
          expect(
            await setCookies((res) => setSiteCookie(res, "a", "b c", { secure, httpOnly, maxAgeMs: year })),
          ).toEqual(await setCookies((res) => res.cookie("a", "b c", { ...options, maxAge: year })));
        }
    }
  });
});
