import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "./register-user.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { writtenSince } from "../testing/written-since.ts";

describe.each(testBackends())("accounts on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;

  async function createUser(email: string, password: string, isStaff: boolean, name?: string) {
    const user = await registerUser(
      { store: server.store, db: server.database.db, clock: () => new Date() },
      { email, password, isStaff, name },
    );
    await server.runner.waitFor(user.position);
    return user;
  }

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    await createUser("editor@example.org", "correct horse", true, "Edna Editor");
    await createUser("shopper@example.org", "shopper pass", false, "Sam Shopper");
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("login with the right password answers the user and sets an httpOnly SameSite=Lax session cookie", async () => {
    const client = new TestClient(server.url);
    await client.get("/api/account/me/");
    const res = await client.request("POST", "/api/account/login/", {
      email: "Editor@Example.org",
      password: "correct horse",
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      metadata: { success: true },
      user: { id: expect.any(String), email: "editor@example.org", name: "Edna Editor", is_staff: true },
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sessionid="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("a login followed at once by /me sees the session (read-your-writes)", async () => {
    const client = new TestClient(server.url);
    await client.post("/api/account/login/", { email: "shopper@example.org", password: "shopper pass" });
    const me = await client.get("/api/account/me/");
    expect(me.json).toEqual({
      metadata: { success: true },
      user: { id: expect.any(String), email: "shopper@example.org", name: "Sam Shopper", is_staff: false },
    });
  });

  it("wrong credentials answer 400 with the form-level message", async () => {
    const client = new TestClient(server.url);
    for (const body of [
      { email: "editor@example.org", password: "wrong" },
      { email: "nobody@example.org", password: "correct horse" },
    ]) {
      const res = await client.post("/api/account/login/", body, { "x-forwarded-for": "1" });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        metadata: {
          success: false,
          code: "LOGIN_FAILED",
          message: "Please enter a correct email and password.",
          errors: ["__all__: Please enter a correct email and password."],
        },
      });
      expect(client.cookies.has("sessionid")).toBe(false);
    }
  });

  it("a login without email or password answers 400 with field lines", async () => {
    const res = await new TestClient(server.url).post("/api/account/login/", { email: "" });
    expect(res.status).toBe(400);
    expect(res.json.metadata.success).toBe(false);
    expect(res.json.metadata.errors).toEqual([
      "email: This field is required.",
      "password: Invalid input: expected string, received undefined",
    ]);
  });

  it("the events a request appends carry its request id as causation and correlation, and the user", async () => {
    const client = new TestClient(server.url);
    const res = await client.post(
      "/api/account/login/",
      { email: "shopper@example.org", password: "shopper pass" },
      { "x-request-id": "req-login-42" },
    );
    const events = await server.store.readStream(`user-${res.json.user.id}`);
    expect(events.at(-1)!.metadata).toEqual({
      userId: res.json.user.id,
      requestId: "req-login-42",
      correlationId: "req-login-42",
      causationId: "req-login-42",
    });
  });

  it("me answers user null for a visitor", async () => {
    const res = await new TestClient(server.url).get("/api/account/me/");
    expect(res.json).toEqual({ metadata: { success: true }, user: null });
  });

  it("logout ends the session", async () => {
    const client = new TestClient(server.url);
    await client.post("/api/account/login/", { email: "shopper@example.org", password: "shopper pass" });
    const stolenCookie = client.cookies.get("sessionid")!;
    expect((await client.post("/api/account/logout/")).json).toEqual({ metadata: { success: true } });
    expect((await client.get("/api/account/me/")).json.user).toBeNull();
    // The old cookie no longer opens the session either.
    const replay = new TestClient(server.url);
    replay.cookies.set("sessionid", stolenCookie);
    expect((await replay.get("/api/account/me/")).json.user).toBeNull();
  });

  it("every answer sets a csrftoken cookie when the request had none, health checks included", async () => {
    for (const path of ["/healthz", "/readyz", "/api/account/me/"]) {
      const res = await fetch(server.url + path);
      expect([path, res.headers.getSetCookie().some((c) => /^csrftoken=[\w-]{16,}/.test(c))]).toEqual([path, true]);
    }
  });

  it("a non-safe request without the matching X-CSRFToken is refused with 403 and writes nothing", async () => {
    const client = new TestClient(server.url);
    await client.get("/api/account/me/");
    const before = await server.store.head();
    const missing = await client.post(
      "/api/account/login/",
      { email: "editor@example.org", password: "correct horse" },
      { "x-csrftoken": "" },
    );
    const wrong = await client.post(
      "/api/account/login/",
      { email: "editor@example.org", password: "correct horse" },
      { "x-csrftoken": "not-the-cookie-value" },
    );
    for (const res of [missing, wrong]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        metadata: {
          success: false,
          code: "CSRF_FAILED",
          message: "CSRF verification failed.",
          errors: ["__all__: CSRF verification failed."],
        },
      });
    }
    expect(await writtenSince(server.store, before)).toEqual([]);
    expect(client.cookies.has("sessionid")).toBe(false);
  });

  it("the back office API answers 401 to visitors and 403 to signed-in non-staff", async () => {
    const visitor = new TestClient(server.url);
    const shopper = new TestClient(server.url);
    await shopper.post("/api/account/login/", { email: "shopper@example.org", password: "shopper pass" });
    for (const path of [
      "/admin/api/base/audit/",
      "/admin/base/record-locks/?app=content&model=contentnode&id=1",
      "/admin/api/content/contentnode/1/",
    ]) {
      const anonymous = await visitor.get(path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.metadata).toEqual({
        success: false,
        code: "LOGIN_REQUIRED",
        message: "Authentication credentials were not provided.",
        errors: ["__all__: Authentication credentials were not provided."],
      });
      const nonStaff = await shopper.get(path);
      expect(nonStaff.status).toBe(403);
      expect(nonStaff.json.metadata.errors).toEqual(["__all__: You do not have permission to perform this action."]);
    }
  });

  it("staff read the audit view, and it never shows password hashes or session ids", async () => {
    const editor = new TestClient(server.url);
    await editor.post("/api/account/login/", { email: "editor@example.org", password: "correct horse" });
    const res = await editor.get("/admin/api/base/audit/?count=50");
    expect(res.status).toBe(200);
    expect(res.json.items.map((i: any) => i.type)).toContain("UserLoggedIn");
    expect(res.json.items[0]).toEqual({
      position: expect.any(Number),
      time: expect.any(String),
      stream: expect.any(String),
      type: expect.any(String),
      user: expect.anything(),
      user_name: expect.any(String),
    });
    const own = res.json.items.find((i: any) => i.type === "UserLoggedIn");
    expect(own.user_name).toBe("Edna Editor");
    const sessionId = editor.cookies.get("sessionid")!;
    expect(res.text).not.toContain(sessionId);
    expect(res.text).not.toContain("$argon2id$");
  });

  it("a session survives a server restart", async () => {
    const client = new TestClient(server.url);
    await client.post("/api/account/login/", { email: "shopper@example.org", password: "shopper pass" });
    await server.close();
    server = await startTestServer(place);
    const again = new TestClient(server.url);
    again.cookies.set("sessionid", client.cookies.get("sessionid")!);
    expect((await again.get("/api/account/me/")).json.user.email).toBe("shopper@example.org");
  });

  it("unknown API paths answer 404 in the metadata shape, and malformed JSON 400", async () => {
    const client = new TestClient(server.url);
    const missing = await client.get("/api/nothing-here/");
    expect(missing.status).toBe(404);
    expect(missing.json.metadata.success).toBe(false);
    await client.get("/api/account/me/");
    const res = await fetch(`${server.url}/api/account/login/`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: client.cookieHeader,
        "x-csrftoken": client.cookies.get("csrftoken")!,
      },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).metadata.errors).toEqual(["__all__: Invalid request syntax or bad data."]);
  });
  it("repeated failed logins from one address are refused with 429", async () => {
    const client = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await client.post("/api/account/login/", { email: "editor@example.org", password: `guess ${i}` })).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const blocked = await client.post("/api/account/login/", {
      email: "editor@example.org",
      password: "correct horse",
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.metadata.errors).toEqual([
      "__all__: Too many failed login attempts. Please wait a few minutes and try again.",
    ]);
  });
});
