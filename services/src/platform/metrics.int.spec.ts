import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../accounts/register-user.ts";
import type { RunningServer } from "../server.ts";
import { TestClient } from "../testing/http-client.ts";
import { openSocket } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

/** The sample lines of one metric (name and labels, value), from Prometheus text. */
function samples(text: string, name: string): Array<{ labels: string; value: number }> {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const at = line.lastIndexOf(" ");
      return { labels: line.slice(name.length, at), value: Number(line.slice(at + 1)) };
    });
}

/** Requests to the sign-in route so far, whatever their answer. */
const loginCount = (text: string) =>
  samples(text, "http_request_duration_seconds_count")
    .filter((s) => s.labels.includes('route="/api/account/login/"'))
    .reduce((n, s) => n + s.value, 0);

// Issue 28, point 6: what operators see while the shop runs.
describe("spec 28.6: Prometheus metrics on a port of their own", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let staff: TestClient;
  const sockets: Socket[] = [];
  const scrape = async () => (await fetch(server.metricsUrl!)).text();

  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place, { metricsPort: "0" });
    const u = await registerUser(
      { store: server.store, db: server.database.db, clock: () => new Date() },
      { email: "staff@example.org", password: "long enough", isStaff: true },
    );
    await server.runner.waitFor(u.position);
    staff = new TestClient(server.url);
    await staff.post("/api/account/login/", { email: "staff@example.org", password: "long enough" });
    expect(
      (await staff.post("/admin/api/store/campaign/", { slug: "ark-main", name: "Ark", goal_cents: 100_000 })).status,
    ).toBe(201);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("spec 28.6: /metrics serves request latency by route pattern, appends, lag per read model, sockets, pushes, sagas, outbox, throttles", async () => {
    // The registry is the process's: other servers a test worker ran before count in it too.
    const loginsBefore = loginCount(await scrape());
    const watcher = await openSocket(server.url, "/public");
    sockets.push(watcher);
    watcher.emit("join", { campaign: "ark-main" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const pushed = new Promise((resolve) => watcher.once("thermometer", resolve));
    const gift = await staff.post("/admin/api/store/campaign/ark-main/gift/", { amount_cents: 500, donor_name: "N" });
    expect(gift.status).toBe(201);
    await pushed;
    const guesser = new TestClient(server.url);
    for (let i = 0; i < 6; i++)
      await guesser.post("/api/account/login/", { email: "staff@example.org", password: "wrong guess" });

    const text = await scrape();
    const requests = samples(text, "http_request_duration_seconds_count");
    // The pattern, whatever the slug: one label value per route, not per URL.
    expect(requests.find((s) => s.labels.includes('route="/admin/api/store/campaign/:slug/gift/"'))?.labels).toContain(
      'method="POST",',
    );
    expect(requests.some((s) => s.labels.includes("ark-main"))).toBe(false);
    const logins = requests.filter((s) => s.labels.includes('route="/api/account/login/"'));
    expect(loginCount(text) - loginsBefore).toBe(6);
    expect(logins.map((s) => s.labels)).toContainEqual(expect.stringContaining('status="4xx"'));
    expect(samples(text, "eventstore_append_duration_seconds_count")[0].value).toBeGreaterThanOrEqual(2);
    const lag = samples(text, "projection_lag_events");
    expect(lag.map((s) => s.labels)).toContain('{projection="campaigns"}');
    expect(lag.every((s) => Number.isFinite(s.value) && s.value >= 0)).toBe(true);
    expect(samples(text, "live_sockets")).toContainEqual({ labels: '{namespace="/public"}', value: 1 });
    expect(
      samples(text, "live_push_delay_seconds_count").find((s) => s.labels === '{name="thermometer"}')?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(samples(text, "saga_attempts_in_flight")).toEqual([{ labels: "", value: 0 }]);
    expect(samples(text, "outbox_depth")).toHaveLength(1);
    expect(samples(text, "projection_leader")).toEqual([{ labels: "", value: 1 }]);
    expect(
      samples(text, "login_throttles_total").find((s) => s.labels === '{limit="perAddressAndEmail"}')?.value,
    ).toBeGreaterThanOrEqual(1);
  });

  it("spec 28.6: the shop's public port has no /metrics, signed in as staff or not", async () => {
    for (const client of [new TestClient(server.url), staff]) {
      const answer = await client.get("/metrics");
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain("http_request_duration_seconds");
    }
    expect(new URL(server.metricsUrl!).port).not.toBe(String(server.port));
  });
});
