import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ThermometerMessage } from "@shop/shared";
import { registerUser } from "../accounts/register-user.ts";
import type { RunningServer } from "../server.ts";
import { TestClient } from "../testing/http-client.ts";
import { openSocket } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { monthlyGiftStarted } from "./monthly-gift-fixtures.ts";

// Issue 26 §5: each month a monthly gift is charged, visitors watching the campaign see the
// thermometer move (the existing `thermometer` push of the campaign's gift, on a whole server).
describe("spec 26.5: a monthly gift's month moves the thermometer live", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let staff: TestClient;
  let socket: Socket | null = null;

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
    const { streamId, type, data } = monthlyGiftStarted("7001", u.userId);
    await server.store.append(streamId, [{ type, data }]);
  });
  afterAll(async () => {
    socket?.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("spec 26.5: the test gateway's month is pushed to the campaign's room with the new total", async () => {
    socket = await openSocket(server.url, "/public");
    socket.emit("join", { campaign: "ark-main" });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the join reaches the server first
    const pushed = new Promise<ThermometerMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no thermometer push within 5 s")), 5000);
      socket?.on("thermometer", (m: ThermometerMessage) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
    const month = await staff.post("/admin/api/monthly-gifts/7001/test-month/", {});
    expect(month.json.gift).toMatchObject({ months_paid: 2 });
    expect(await pushed).toMatchObject({ campaign: "ark-main", raised_cents: 1250, donors: 1 });
  });
});
