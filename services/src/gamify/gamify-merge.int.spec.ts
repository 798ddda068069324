import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gamifyPlayerStream } from "@shop/shared";
import type { RunningServer } from "../server.ts";
import { TestClient } from "../testing/http-client.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { mergeVisitorPlayer } from "./gamify-merge.ts";

const CAMPAIGN = "vbs-2016-reveal";

// Sign-in merges the visitor's points into the account on the account's stream with expected versions:
// racing sign-ins, merges and the account's own actions never count a slug twice. PostgreSQL only.
describe.skipIf(!testDatabaseUrl())("anonymous players merged at sign-in, under concurrency, on PostgreSQL", () => {
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

  it("points and once-per-slug claims combine without double counting when sign-ins and actions race", async () => {
    const account = new TestClient(server.url);
    const signup = await account.post("/api/account/signup/", {
      email: "pat@example.org",
      password: "correct horse battery",
      name: "Pat Player",
    });
    expect(signup.status).toBe(200);
    const userId = signup.json.user.id as string;
    await account.post("/api/gamify/register-action/", { campaign: CAMPAIGN, action: "page-view" }); // 1 as the account

    const visitor = new TestClient(server.url);
    for (const action of ["page-view", "share", "video-play"])
      await visitor.post("/api/gamify/register-action/", { campaign: CAMPAIGN, action }); // 9 as a visitor
    const cookie = visitor.cookies.get("gamify_player")!;

    // Two sign-ins from the visitor's browser (more would race on the account's own stream, which retries
    // a login once), eight direct merges and the account's own share, all at once.
    const signIns = Array.from({ length: 2 }, () => {
      const tab = new TestClient(server.url);
      tab.cookies.set("gamify_player", cookie);
      return tab.post("/api/account/login/", { email: "pat@example.org", password: "correct horse battery" });
    });
    const merges = Array.from({ length: 8 }, () =>
      mergeVisitorPlayer(
        { store: server.store, db: server.database.db, clock: () => new Date() },
        `visitor-${cookie.split(".")[0]}`, // the id, before its signature
        userId,
        {},
      ),
    );
    const share = account.post("/api/gamify/register-action/", { campaign: CAMPAIGN, action: "share" });
    const answers = await Promise.all([...signIns, share]);
    await Promise.all(merges);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Merged, the browser's visitor cookie goes: a later sign-in there by someone else gets none of it.
    for (const signIn of answers.slice(0, 2))
      expect(signIn.headers.getSetCookie().some((c) => /^gamify_player=;/.test(c))).toBe(true);

    // page-view once (1), share once (5), video-play once (3): 9, not 1 + 9 + 5.
    const status = await account.post("/api/gamify/get-player-status/", { campaign: CAMPAIGN });
    expect(status.json.points).toBe(9);
    expect(status.json.achievements.map((a: { slug: string }) => a.slug)).toEqual(["first-look", "super-fan"]);
    const events = await server.store.readStream(gamifyPlayerStream(CAMPAIGN, `user-${userId}`));
    expect(events.filter((e) => e.type === "GamifyPlayerMerged")).toHaveLength(1);
    expect(events.filter((e) => e.type === "GamifyAchievementEarned")).toHaveLength(2);
  });
});
