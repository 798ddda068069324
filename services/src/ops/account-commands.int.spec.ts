import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_DISABLED, LOGIN_FAILED } from "@shop/shared";
import { adminSocket, disconnection, nextPush } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import {
  newTestPlace,
  removeTestPlace,
  seedPgliteFolder,
  startTestServer,
  type TestServerPlace,
} from "../testing/test-server.ts";
import { opsEnv, runOps, runOpsInProcess } from "./ops-cli-kit.ts";

const ADA = "ada@example.org";

describe.each(testBackends())("operator account commands on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let env: NodeJS.ProcessEnv;
  /** The CLI in this process (runCli, what the bundle's entry runs); one command runs as a real process. */
  const ops = (args: string[], stdin?: string) => runOpsInProcess(env, args, stdin);

  /** On PGlite the CLI and a server cannot share the data folder: the server runs between CLI calls. */
  async function withServer<T>(use: (server: RunningServer) => Promise<T>): Promise<T> {
    const server = await startTestServer(place);
    try {
      return await use(server);
    } finally {
      await server.close();
    }
  }

  async function auditTypes(client: TestClient): Promise<string[]> {
    const res = await client.get("/admin/api/base/audit/?count=100");
    expect(res.status).toBe(200);
    return res.json.items.map((i: { type: string }) => i.type);
  }

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    env = opsEnv(place);
    // A PGlite folder as a first start leaves it (cli.int.spec.ts covers the CLI creating one).
    if (!place.url) await seedPgliteFolder(join(place.dataDir, "pglite"));
    expect((await ops(["create-user", "--email", ADA, "--password", "first password", "--staff"])).code).toBe(0);
    expect(
      (await ops(["create-user", "--email", "boss@example.org", "--password", "boss password", "--staff"])).code,
    ).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await removeTestPlace(place);
  });

  it("core hardening 13: set-password reads the password from stdin, never from the command line", {
    timeout: 60_000,
  }, async () => {
    const onArgv = await ops(["set-password", "--email", ADA, "--password", "on the command line"]);
    expect([onArgv.code, onArgv.stderr.trim()]).toEqual([
      2,
      "set-password reads the password from stdin or a prompt, never from the command line",
    ]);
    const none = await ops(["set-password", "--email", ADA], "");
    expect([none.code, none.stderr.trim()]).toEqual([
      2,
      "set-password needs the new password: pipe it to stdin, or run it in a terminal to be asked for it",
    ]);
    const short = await ops(["set-password", "--email", ADA], "short\n");
    expect([short.code, short.stderr.trim()]).toEqual([2, "Passwords must be at least 8 characters."]);
    const nobody = await ops(["set-password", "--email", "nobody@example.org"], "long enough\n");
    expect([nobody.code, nobody.stderr.trim()]).toEqual([1, "No user with email nobody@example.org"]);

    // Through a real process's stdin on PostgreSQL (on PGlite, cli.int.spec.ts runs one on a data folder).
    const set = await (pglite ? runOpsInProcess : runOps)(
      env,
      ["set-password", "--email", "Ada@Example.org"],
      "second password\n",
    );
    expect([set.code, set.stdout]).toEqual([0, `Password set for ${ADA}\n`]);

    await withServer(async (server) => {
      const ada = new TestClient(server.url);
      expect((await ada.post("/api/account/login/", { email: ADA, password: "first password" })).status).toBe(400);
      expect((await ada.post("/api/account/login/", { email: ADA, password: "second password" })).status).toBe(200);
      expect(await auditTypes(ada)).toContain("UserPasswordChanged");
    });
    const events = await ops(["events", "--type", "UserPasswordChanged", "--json"]);
    expect(events.stdout).not.toContain("$argon2id$");
  });

  it("security 3: set-password signs the account out of every browser", { timeout: 60_000 }, async () => {
    const DEE = "dee@example.org";
    expect((await ops(["create-user", "--email", DEE, "--password", "dee password"])).code).toBe(0);
    const cookies = await withServer(async (server) => {
      const browsers = [new TestClient(server.url), new TestClient(server.url)];
      for (const b of browsers)
        expect((await b.post("/api/account/login/", { email: DEE, password: "dee password" })).status).toBe(200);
      return browsers.map((b) => b.cookieHeader);
    });
    expect((await ops(["set-password", "--email", DEE], "dee's new password\n")).code).toBe(0);
    await withServer(async (server) => {
      for (const cookie of cookies) {
        const old = new TestClient(server.url);
        for (const pair of cookie.split("; ")) old.cookies.set(pair.split("=")[0], pair.split("=")[1]);
        expect((await old.get("/api/account/me/")).json.user).toBeNull();
        expect((await old.get("/api/account/addresses/")).status).toBe(401);
      }
      const fresh = new TestClient(server.url);
      expect((await fresh.post("/api/account/login/", { email: DEE, password: "dee's new password" })).status).toBe(
        200,
      );
    });
  });

  it("core hardening 13: revoke-staff and grant-staff append events, say when nothing changes, and show in the audit view", {
    timeout: 60_000,
  }, async () => {
    expect((await ops(["revoke-staff", "--email", ADA])).stdout).toBe(
      `${ADA} is no longer staff (their back-office tabs were closed)\n`,
    );
    expect((await ops(["revoke-staff", "--email", ADA])).stdout).toBe(`${ADA} was not staff\n`);
    await withServer(async (server) => {
      const ada = new TestClient(server.url);
      const login = await ada.post("/api/account/login/", { email: ADA, password: "second password" });
      expect(login.json.user.is_staff).toBe(false);
      expect((await ada.get("/admin/api/base/audit/")).status).toBe(403);
    });
    expect((await ops(["grant-staff", "--email", ADA])).stdout).toBe(`${ADA} is now staff\n`);
    expect((await ops(["grant-staff", "--email", ADA])).stdout).toBe(`${ADA} is already staff\n`);
    await withServer(async (server) => {
      const ada = new TestClient(server.url);
      const login = await ada.post("/api/account/login/", { email: ADA, password: "second password" });
      expect(login.json.user.is_staff).toBe(true);
      const types = await auditTypes(ada);
      expect(types.filter((t) => t === "UserStaffRevoked" || t === "UserStaffGranted")).toEqual([
        "UserStaffGranted",
        "UserStaffRevoked",
      ]);
    });
  });

  it("core hardening 13: disable-user signs the user out everywhere and refuses their logins with a clear message", {
    timeout: 60_000,
  }, async () => {
    const cookie = await withServer(async (server) => {
      const ada = new TestClient(server.url);
      await ada.post("/api/account/login/", { email: ADA, password: "second password" });
      return ada.cookieHeader;
    });
    const disabled = await ops(["disable-user", "--email", ADA]);
    expect([disabled.code, disabled.stdout]).toEqual([
      0,
      `Disabled ${ADA}: signed out everywhere, and can no longer log in\n`,
    ]);
    expect((await ops(["disable-user", "--email", ADA])).stdout).toBe(`${ADA} is already disabled\n`);
    await withServer(async (server) => {
      const old = new TestClient(server.url);
      for (const pair of cookie.split("; ")) old.cookies.set(pair.split("=")[0], pair.split("=")[1]);
      expect((await old.get("/api/account/me/")).json.user).toBeNull();
      const fresh = new TestClient(server.url);
      const right = await fresh.post("/api/account/login/", { email: ADA, password: "second password" });
      expect([right.status, right.json.metadata.errors]).toEqual([400, [`__all__: ${LOGIN_DISABLED}`]]);
      // A guesser learns nothing: a wrong password still gets the usual answer.
      const wrong = await fresh.post("/api/account/login/", { email: ADA, password: "a wrong guess" });
      expect(wrong.json.metadata.errors).toEqual([`__all__: ${LOGIN_FAILED}`]);
      const boss = new TestClient(server.url);
      await boss.post("/api/account/login/", { email: "boss@example.org", password: "boss password" });
      expect(await auditTypes(boss)).toContain("UserDisabled");
    });
    expect((await ops(["enable-user", "--email", ADA])).stdout).toBe(`Enabled ${ADA}: can log in again\n`);
    await withServer(async (server) => {
      expect(
        (await new TestClient(server.url).post("/api/account/login/", { email: ADA, password: "second password" }))
          .status,
      ).toBe(200);
    });
  });

  it.skipIf(pglite)(
    "core hardening 13: disable-user while a server runs closes the user's admin sockets with session:ended",
    { timeout: 60_000 },
    async () => {
      const CY = "cy@example.org";
      expect((await ops(["create-user", "--email", CY, "--password", "cy password", "--staff"])).code).toBe(0);
      await withServer(async (server) => {
        const cy = new TestClient(server.url);
        await cy.post("/api/account/login/", { email: CY, password: "cy password" });
        const socket = await adminSocket(server.url, cy.cookieHeader);
        const told = nextPush(socket, "session:ended", () => true, 20_000);
        const gone = disconnection(socket, 20_000);
        expect((await ops(["disable-user", "--email", CY])).code).toBe(0);
        expect(await told).toEqual({ reason: "disabled" });
        expect(await gone).toBe("io server disconnect");
        // The server's sessions read model follows the log moments later.
        await expect.poll(async () => (await cy.get("/api/account/me/")).json.user, { timeout: 5000 }).toBeNull();
      });
    },
  );
});
