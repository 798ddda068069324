import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentNodeStream, scheduledActionStream } from "@shop/shared";
import { formatSiteTimeInput, siteTimeToUtc } from "@shop/shared/domain/site-time";
import { registerUser } from "../accounts/register-user.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const BASE = "/admin/api/base/cmsactionevent/";

describe.each(testBackends())("site time zone on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let editor: TestClient;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { siteTimeZone: "America/Chicago" });
    const u = await registerUser(
      { store: server.store, db: server.database.db, clock: () => new Date() },
      { email: "editor@example.org", password: "long enough", isStaff: true, name: "Edna Editor" },
    );
    await server.runner.waitFor(u.position);
    const node = await server.store.append(
      contentNodeStream(1),
      [
        {
          type: "ContentNodeCreated",
          data: {
            id: 1,
            name: "Spring Appeal",
            slug: "spring",
            parentId: null,
            url: "/spring/",
            createdAt: "2026-01-01T00:00:00.000Z",
          },
        },
      ],
      {
        expectedVersion: "no-stream",
      },
    );
    await server.runner.waitFor(node.position);
    editor = new TestClient(server.url);
    await editor.post("/api/account/login/", { email: "editor@example.org", password: "long enough" });
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("code health 8: staff learn SITE_TIME_ZONE from GET /admin/api/site/; others are refused", async () => {
    const res = await editor.get("/admin/api/site/");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ metadata: { success: true }, time_zone: "America/Chicago" });
    expect((await new TestClient(server.url).get("/admin/api/site/")).status).toBe(401);
  });

  it("code health 8: an action time typed in the site's zone is stored as the right UTC instant and read back as typed", async () => {
    const zone = (await editor.get("/admin/api/site/")).json.time_zone;
    // A summer time, a winter time and the first 01:30 of the night the clocks go back (CDT, -05:00).
    for (const [typed, expected] of [
      ["2026-07-01 09:00", "2026-07-01T14:00:00.000Z"],
      ["2026-12-01 09:00", "2026-12-01T15:00:00.000Z"],
      ["2026-11-01 01:30", "2026-11-01T06:30:00.000Z"],
    ]) {
      const converted = siteTimeToUtc(typed, zone);
      expect(converted).toEqual({ ok: true, iso: expected });
      const created = await editor.post(BASE, {
        object_id: 1,
        action: "publish",
        action_time: converted.ok ? converted.iso : "",
      });
      expect(created.status).toBe(200);
      const id = created.json.id as number;

      const item = (await editor.get(`${BASE}${id}/`)).json;
      expect(item.action_time_iso).toBe(expected);
      expect(formatSiteTimeInput(item.action_time_iso, zone)).toBe(typed);
      const [scheduled] = await server.store.readStream(scheduledActionStream(id));
      expect(scheduled.data).toMatchObject({ actionTime: expected });
      const row = await server.database.db
        .selectFrom("scheduled_actions")
        .select("action_time")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(new Date(row.action_time).toISOString()).toBe(expected);
    }
  });

  it("code health 8: a time the site's clocks skip is refused before it is sent", () => {
    expect(siteTimeToUtc("2026-03-08 02:30", "America/Chicago")).toEqual({
      ok: false,
      problem: { kind: "skipped", zone: "America/Chicago", firstValid: "2026-03-08 03:00" },
    });
  });
});
