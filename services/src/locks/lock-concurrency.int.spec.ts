import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordLockStream } from "@shop/shared";
import type { RunningServer } from "../server.ts";
import type { TestClient } from "../testing/http-client.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { lockBody, signedInClient } from "../testing/server-kit.ts";

// PGlite has one session, so only PostgreSQL can show what racing editors do.
describe.skipIf(!testDatabaseUrl())("record locks under contention on PostgreSQL", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  const editors: Array<{ client: TestClient; user: { id: string; name: string } }> = [];

  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place);
    // Sequential: registration hashes a password (argon2) and login verifies it; 50 at once only queue on the CPU.
    for (let i = 0; i < 50; i++) editors.push(await signedInClient(server, `editor${i}@example.org`, `Editor ${i}`));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("50 editors locking one record at once: exactly one holds it, 49 are refused with the holder", async () => {
    const answers = await Promise.all(
      editors.map((e) => e.client.post("/admin/base/record-locks/?ts=1", lockBody(500))),
    );
    const granted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(granted).toHaveLength(1);
    expect(refused).toHaveLength(49);
    const holder = granted[0].json.lock.user;
    for (const r of refused) {
      expect(r.json).toEqual({
        metadata: {
          success: false,
          code: "ALREADY_LOCKED",
          message: "Object is already locked!",
          errors: ["Object is already locked!"],
        },
        lock: { user: holder, reason: 1, comment: "", autoCreated: true },
      });
    }
    const events = await server.store.readStream(recordLockStream("content", "contentnode", 500));
    expect(events.map((e) => e.type)).toEqual(["LockTaken"]);
    const check = await editors[0].client.get("/admin/base/record-locks/?app=content&model=contentnode&id=500");
    expect(check.json.lock.user).toEqual(holder);
  });

  it("50 editors kicking each other off one record leave a consistent log: every kick names the holder it displaced", async () => {
    await editors[0].client.post("/admin/base/record-locks/", lockBody(501));
    await Promise.all(
      editors.map(async (e) => {
        await e.client.request("DELETE", "/admin/base/record-locks/", { ...lockBody(501), force_unlock: true });
        await e.client.post("/admin/base/record-locks/", lockBody(501));
      }),
    );
    const events = await server.store.readStream(recordLockStream("content", "contentnode", 501));
    // Replaying the stream: every end event names the lock taken just before it, and takes never overlap.
    let holder: string | null = null;
    for (const e of events) {
      const data = e.data as { user: { id: string } };
      if (e.type === "LockTaken") {
        expect(holder).toBeNull();
        holder = data.user.id;
      } else {
        expect(data.user.id).toBe(holder);
        holder = null;
      }
    }
    const row = await editors[0].client.get("/admin/base/record-locks/?app=content&model=contentnode&id=501");
    expect(row.json.lock?.user.id ?? null).toBe(holder);
  });
});
