import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "./register-user.ts";
import { createLogger } from "../platform/logger.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

describe.each(testBackends())("logs on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let logged = "";

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    // Everything down to trace, so nothing a quieter level would hide escapes the check.
    const log = createLogger("trace", {
      write: (line: string) => {
        logged += line;
      },
    });
    server = await startTestServer(place, { log });
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("a login and the requests after it leave no password, password hash, session id or CSRF token in the log", async () => {
    const password = "correct horse battery";
    const user = await registerUser(
      { store: server.store, db: server.database.db, clock: () => new Date() },
      { email: "logged@example.org", password, isStaff: true },
    );
    await server.runner.waitFor(user.position);
    const client = new TestClient(server.url);
    expect(
      (await client.post("/api/account/login/", { email: "logged@example.org", password: "a wrong guess" })).status,
    ).toBe(400);
    expect((await client.post("/api/account/login/", { email: "logged@example.org", password })).status).toBe(200);
    expect((await client.get("/admin/api/base/audit/?count=5")).status).toBe(200);
    expect(
      (await client.request("GET", "/api/account/me/", undefined, { "x-csrftoken": client.cookies.get("csrftoken")! }))
        .status,
    ).toBe(200);
    expect((await client.post("/api/account/logout/")).status).toBe(200);

    const { rows: users } = await sql<{
      password_hash: string;
    }>`SELECT password_hash FROM users WHERE email = 'logged@example.org'`.execute(server.database.db);
    const secrets = {
      password,
      wrongPassword: "a wrong guess",
      passwordHash: users[0].password_hash,
      sessionId: "",
      csrfToken: client.cookies.get("csrftoken")!,
    };
    // The session cookie is gone after logout; the login answer's Set-Cookie showed it.
    const login = await client.post("/api/account/login/", { email: "logged@example.org", password });
    secrets.sessionId = client.cookies.get("sessionid")!;
    expect(login.status).toBe(200);
    await client.get("/api/account/me/");
    const { rows: sessions } = await sql<{
      session_hash: string;
    }>`SELECT session_hash FROM sessions WHERE user_id = ${user.userId}`.execute(server.database.db);
    expect(sessions).toHaveLength(1);
    const secretsWithHash = { ...secrets, sessionHash: sessions[0].session_hash };

    expect(logged).toContain('"msg":"request"');
    for (const [name, secret] of Object.entries(secretsWithHash)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(logged.includes(secret), `${name} appears in the log`).toBe(false);
    }
    expect(logged).not.toContain("$argon2id$");
  });
});
