import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gamifyPlayerStream } from "@shop/shared";
import type { RunningServer } from "../server.ts";
import { TestClient } from "../testing/http-client.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const RACERS = 20;

// The once-per-slug rule is decided from the player's stream with expected versions: racing requests
// (a reload storm) can never count one action twice. PGlite has one session, so only PostgreSQL races.
describe.skipIf(!testDatabaseUrl())("gamify under concurrency, on PostgreSQL", () => {
  let place: TestServerPlace;
  let server: RunningServer;

  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place, { demoData: true });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it(`an action counts once per player per slug: ${RACERS} racing page views and shares give 1 + 5 points`, async () => {
    const visitor = new TestClient(server.url);
    await visitor.post("/api/gamify/register-action/", { campaign: "vbs-2016-reveal", action: "video-play" });
    const player = visitor.cookies.get("gamify_player")?.split(".")[0]; // the id, before its signature
    expect(player).toBeTruthy();
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        visitor.post("/api/gamify/register-action/", {
          campaign: "vbs-2016-reveal",
          action: i % 2 ? "share" : "page-view",
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(RACERS).fill(200));
    expect(answers.filter((a) => a.json.counted)).toHaveLength(2);
    const events = await server.store.readStream(gamifyPlayerStream("vbs-2016-reveal", `visitor-${player}`));
    expect(
      events
        .filter((e) => e.type === "GamifyActionCounted")
        .map((e) => (e.data as { action: string }).action)
        .sort(),
    ).toEqual(["page-view", "share", "video-play"]);
    const status = await visitor.post("/api/gamify/get-player-status/", { campaign: "vbs-2016-reveal" });
    expect(status.json.points).toBe(9);
    expect(status.json.achievements.map((a: { slug: string }) => a.slug)).toEqual(["first-look", "super-fan"]);
  });
});
