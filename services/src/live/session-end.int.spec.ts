import { queuedMailsIn } from "../mail/queued-mails.ts";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAllCommitted, START, userStream } from "@shop/shared";
import {
  adminSocket,
  lockBody,
  nextLockChange,
  signedInClient,
  connectRefusal,
  disconnection,
  nextPush,
} from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

// Lock expiry shrunk from 60 s so a logged-out editor's lock expires within the test.
const timings = { expireAfterMs: 1000, sweepEveryMs: 100, heartbeatEveryMs: 200 };
const EDNA = { email: "edna@example.org", password: "long enough" };

async function secondSession(server: RunningServer) {
  const client = new TestClient(server.url);
  await client.post("/api/account/login/", EDNA);
  return client;
}

describe.each(testBackends())("sessions ending close their admin sockets on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: Awaited<ReturnType<typeof signedInClient>>;
  let rickSocket: Socket;
  const sockets: Socket[] = [];
  const open = async (cookie: string) => {
    const socket = await adminSocket(server.url, cookie);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { locks: timings });
    edna = await signedInClient(server, EDNA.email, "Edna Editor");
    const rick = await signedInClient(server, "rick@example.org", "Rick Reviewer");
    rickSocket = await open(rick.client.cookieHeader);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("logging out disconnects that session's admin sockets and only those; the old cookie is refused", async () => {
    const cookie = edna.client.cookieHeader;
    const tabs = [await open(cookie), await open(cookie)];
    const otherSession = await open((await secondSession(server)).cookieHeader);
    const told = tabs.map((s) => nextPush(s, "session:ended"));
    const gone = tabs.map((s) => disconnection(s));
    await edna.client.post("/api/account/logout/");
    expect(await Promise.all(told)).toEqual([{ reason: "logged_out" }, { reason: "logged_out" }]);
    expect(await Promise.all(gone)).toEqual(["io server disconnect", "io server disconnect"]);
    expect([otherSession.connected, rickSocket.connected]).toEqual([true, true]);

    const again = connect(`${server.url}/admin`, {
      transports: ["websocket"],
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(again);
    expect(await connectRefusal(again)).toBe("Authentication credentials were not provided.");
    otherSession.disconnect();
  });

  it("a logged-out tab no longer keeps its editor present: their automatic lock expires as designed", async () => {
    const client = await secondSession(server);
    await open(client.cookieHeader);
    await client.post("/admin/base/record-locks/", lockBody(900));
    // Connected, the lock outlives the expiry time...
    await new Promise((r) => setTimeout(r, timings.expireAfterMs * 1.5));
    expect((await client.get("/admin/base/record-locks/?app=content&model=contentnode&id=900")).json.lock.user).toEqual(
      edna.user,
    );
    // ...logged out, it expires and the colleague hears it.
    const expired = nextLockChange(
      rickSocket,
      (m) => m.id === 900 && m.change === "expired",
      timings.expireAfterMs * 4,
    );
    await client.post("/api/account/logout/");
    expect(await expired).toEqual({
      app: "content",
      model: "contentnode",
      id: 900,
      lock: null,
      by: { id: "system", name: "System" },
      change: "expired",
    });
  });

  it("security 3: a password reset closes the admin sockets of the account's other sessions", async () => {
    const rita = await signedInClient(server, "rita@example.org", "Rita Reset");
    const socket = await open(rita.client.cookieHeader);
    const told = nextPush(socket, "session:ended", () => true, 10_000);
    const gone = disconnection(socket, 10_000);
    await new TestClient(server.url).post("/api/account/password-reset/", { email: "rita@example.org" });
    let token = "";
    await expect
      .poll(
        async () => {
          // Mails are sealed in the log: opened with the person's key, as the mailbox does.
          const mails = (
            await queuedMailsIn(server.database.db, await readAllCommitted(server.store, START, { limit: 100_000 }))
          ).filter((m) => m.to === "rita@example.org");
          token = decodeURIComponent(/token=([^\s]+)/.exec(mails[0]?.text ?? "")?.[1] ?? "");
          return token;
        },
        { timeout: 5000 },
      )
      .not.toBe("");
    const reset = await new TestClient(server.url).post("/api/account/password-reset/confirm/", {
      token,
      password: "a new password",
    });
    expect(reset.status).toBe(200);
    expect(await told).toEqual({ reason: "logged_out" });
    expect(await gone).toBe("io server disconnect");
    expect(rickSocket.connected).toBe(true);
  });

  it("a user who stops being staff has every admin socket closed", async () => {
    const socket = await open((await secondSession(server)).cookieHeader);
    const told = nextPush(socket, "session:ended");
    const gone = disconnection(socket);
    await server.store.append(userStream(edna.user.id), [{ type: "UserStaffRevoked", data: { userId: edna.user.id } }]);
    expect(await told).toEqual({ reason: "staff_revoked" });
    expect(await gone).toBe("io server disconnect");
    expect(rickSocket.connected).toBe(true);
  });
});

describe.skipIf(!testBackends().some((b) => !b.pglite))(
  "a logout on one process closes the session's sockets on the other",
  () => {
    let place: TestServerPlace;
    let one: RunningServer;
    let two: RunningServer;

    beforeAll(async () => {
      place = newTestPlace();
      one = await startTestServer(place);
      two = await startTestServer(place);
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await removeTestPlace(place);
    });

    it("the socket on process 2 is told and disconnected within 1 s of the logout through process 1", async () => {
      const edna = await signedInClient(one, EDNA.email, "Edna Editor");
      await two.runner.waitFor(await one.store.head());
      const socket = await adminSocket(two.url, edna.client.cookieHeader);
      try {
        const told = nextPush(socket, "session:ended");
        const gone = disconnection(socket);
        await edna.client.post("/api/account/logout/");
        expect(await told).toEqual({ reason: "logged_out" });
        expect(await gone).toBe("io server disconnect");
      } finally {
        socket.disconnect();
      }
    });
  },
);
