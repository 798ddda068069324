import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignRoom, type ThermometerMessage } from "@shop/shared";
import { registerUser } from "../accounts/register-user.ts";
import type { RunningServer } from "../server.ts";
import { TestClient } from "../testing/http-client.ts";
import { campaignRoomStates } from "./campaign-live-messages.ts";
import { openSocket } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const nextThermometer = (socket: Socket, match: (m: ThermometerMessage) => boolean) =>
  new Promise<ThermometerMessage>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no thermometer push within 5 s")), 5000);
    socket.on("thermometer", (m: ThermometerMessage) => {
      if (!match(m)) return;
      clearTimeout(timer);
      resolve(m);
    });
  });

describe("the thermometer moves live (back-office §2, DESIGN §7)", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let staff: TestClient;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place);
    const u = await registerUser(
      { store: server.store, db: server.database.db, clock: () => new Date() },
      { email: "staff@example.org", password: "long enough", isStaff: true },
    );
    await server.runner.waitFor(u.position);
    staff = new TestClient(server.url);
    await staff.post("/api/account/login/", { email: "staff@example.org", password: "long enough" });
    const created = await staff.post("/admin/api/store/campaign/", {
      slug: "ark-main",
      name: "Build the Ark",
      goal_cents: 100_000,
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("a gift staff record is pushed to every socket in the campaign's room, and not to others", async () => {
    const [first, second, elsewhere] = await Promise.all([
      openSocket(server.url, "/public"),
      openSocket(server.url, "/public"),
      openSocket(server.url, "/public"),
    ]);
    sockets.push(first, second, elsewhere);
    first.emit("join", { campaign: "ark-main" });
    second.emit("join", { campaign: "ark-main" });
    elsewhere.emit("join", { campaign: "flood-fund" });
    let strayPush: unknown = null;
    elsewhere.on("thermometer", (m) => {
      strayPush = m;
    });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the joins reach the server first
    const seen = [first, second].map((s) => nextThermometer(s, (m) => m.raised_cents === 5000));
    const gift = await staff.post("/admin/api/store/campaign/ark-main/gift/", {
      amount_cents: 5000,
      donor_name: "Mrs Noah",
      note: "cheque",
    });
    expect(gift.status).toBe(201);
    for (const message of await Promise.all(seen)) {
      expect(message).toMatchObject({ campaign: "ark-main", raised_cents: 5000, goal_cents: 100_000, donors: 1 });
      expect(message.html).toContain('aria-valuenow="5"');
    }
    const status = await new TestClient(server.url).get(
      "/api/store/campaign-status/?campaign=ark-main&render_template=true",
    );
    expect(status.json.html).toBe((await seen[1]).html); // the push and the status render alike
    expect(strayPush).toBeNull();
  });

  it("a socket joining the campaign's room gets the current thermometer at once, without asking for it", async () => {
    const late = await openSocket(server.url, "/public");
    sockets.push(late);
    const got = nextThermometer(late, () => true);
    late.emit("join", { campaign: "ark-main" });
    expect(await got).toMatchObject({ campaign: "ark-main", raised_cents: 5000, goal_cents: 100_000, donors: 1 });
  });

  it("the thermometer a process never pushed is read from the campaigns read model, as campaign-status shows it", async () => {
    const state = await campaignRoomStates({
      store: server.store,
      db: server.database.db,
      clock: () => new Date(),
      log: server.log,
    }).read(campaignRoom("ark-main"));
    const status = await new TestClient(server.url).get(
      "/api/store/campaign-status/?campaign=ark-main&render_template=true",
    );
    expect(state?.messages).toEqual([
      {
        namespace: "/public",
        room: campaignRoom("ark-main"),
        name: "thermometer",
        carriesState: true,
        payload: {
          campaign: "ark-main",
          raised_cents: 5000,
          goal_cents: 100_000,
          donors: 1,
          html: status.json.html,
        },
      },
    ]);
    expect(state?.version).toBe(1); // created, then one gift
  });
});
