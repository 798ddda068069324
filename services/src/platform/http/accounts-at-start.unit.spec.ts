import { createServer } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { accountsAtStart, STARTING_MESSAGE, waitForAccountsAtStart } from "./accounts-at-start.ts";

/** An app whose requests pass the gate, then answer who the session says (as loadSessionUser would read it then). */
async function serve(gate: () => true | Promise<void>, read: () => string, waitMs?: number) {
  const app = express();
  app.use(waitForAccountsAtStart(gate, waitMs));
  app.get("/me", (_req, res) => res.json({ user: read() }));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    get: async () => {
      const answer = await fetch(`http://127.0.0.1:${port}/me`);
      return { status: answer.status, retryAfter: answer.headers.get("retry-after"), body: await answer.json() };
    },
    close: () => server.close(),
  };
}

describe("the accounts' read models at start-up", () => {
  it("security: a request at start-up waits until the sessions read model holds the log as it was at start", async () => {
    let user = "ada (signed out while the server was down)";
    let open = () => {};
    const caughtUp = new Promise<void>((resolve) => {
      open = resolve;
    });
    let ready: true | Promise<void> = caughtUp;
    const app = await serve(
      () => ready,
      () => user,
    );
    try {
      const asked = app.get();
      await new Promise((r) => setTimeout(r, 50));
      user = "nobody"; // the read model takes the sign-out
      ready = true;
      open();
      expect((await asked).body).toEqual({ user: "nobody" });
      expect((await app.get()).body).toEqual({ user: "nobody" }); // once caught up, no wait
    } finally {
      app.close();
    }
  });

  it("a request that waited too long is answered 503 SERVER_BUSY with Retry-After, not the old session", async () => {
    const app = await serve(
      () => new Promise<void>(() => {}),
      () => "ada",
      30,
    );
    try {
      expect(await app.get()).toEqual({
        status: 503,
        retryAfter: "2",
        body: {
          metadata: {
            success: false,
            code: "SERVER_BUSY",
            message: STARTING_MESSAGE,
            errors: [`__all__: ${STARTING_MESSAGE}`],
          },
        },
      });
    } finally {
      app.close();
    }
  });

  it("the gate opens once users and sessions reach the head at start, or once one of them stopped on a failure", async () => {
    const asked: Array<{ position: string; names: string[] }> = [];
    let reached = false;
    const gate = accountsAtStart(
      async () => "head-at-start",
      async (position, names) => {
        asked.push({ position, names });
        return reached;
      },
      async () => (asked.length >= 2 ? ["sessions"] : []),
    );
    expect(gate()).not.toBe(true);
    await gate();
    expect(gate()).toBe(true);
    expect(asked[0]).toEqual({ position: "head-at-start", names: ["users", "sessions"] });
    reached = true;
    const caughtUp = accountsAtStart(
      async () => "h",
      async () => reached,
      async () => [],
    );
    await caughtUp();
    expect(caughtUp()).toBe(true);
  });
});
