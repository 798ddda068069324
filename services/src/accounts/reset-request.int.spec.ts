import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_SENT, START, readAllCommitted } from "@shop/shared";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { registerUser } from "./register-user.ts";

const RESET = "/api/account/password-reset/";

/** A server with one account, bob@example.org, shared by the file's tests. */
function serverWithBob(pglite: boolean) {
  const it = { place: null as unknown as TestServerPlace, server: null as unknown as RunningServer };
  beforeAll(async () => {
    it.place = newTestPlace({ pglite });
    it.server = await startTestServer(it.place);
    const bob = await registerUser(
      { store: it.server.store, clock: () => new Date(), db: it.server.database.db },
      { email: "bob@example.org", password: "bob's password" },
    );
    await it.server.runner.waitFor(bob.position);
  }, 60_000);
  afterAll(async () => {
    await it.server?.close();
    await removeTestPlace(it.place);
  });
  return it;
}

/** Reset mails queued so far (their subject: the address and body may be sealed). */
async function resetMails(server: RunningServer) {
  const events = await readAllCommitted(server.store, START, { limit: 100_000 });
  return events.filter(
    (e) => e.type === "MailQueued" && (e.data as { subject: string }).subject === "Reset your password",
  );
}

const comparable = (a: Awaited<ReturnType<TestClient["post"]>>) => ({
  status: a.status,
  body: a.json,
  type: a.headers.get("content-type"),
  length: a.headers.get("content-length"),
});

describe.each(testBackends())("the password reset request on $name", ({ pglite }) => {
  const at = serverWithBob(pglite);

  it("security 14: a registered and an unknown address get the same answer; only the account is mailed, after", async () => {
    const client = new TestClient(at.server.url);
    const before = (await resetMails(at.server)).length;
    const known = await client.post(RESET, { email: "bob@example.org" });
    const unknown = await client.post(RESET, { email: "nobody@example.org" });
    expect(comparable(known)).toEqual(comparable(unknown));
    expect(known.json).toEqual({ metadata: { success: true, message: PASSWORD_RESET_SENT } });
    await expect.poll(async () => (await resetMails(at.server)).length, { timeout: 5000 }).toBe(before + 1);
  });
});

// Structure, not timing: with the accounts' read model locked, no lookup can run, yet both answer at once.
describe.each(testBackends().filter((b) => !b.pglite))("the password reset request on $name, users locked", () => {
  const at = serverWithBob(false);

  it("security 14: the answer is given before the address is looked up; the mail follows once the lookup can run", async () => {
    const client = new TestClient(at.server.url);
    await client.get("/api/account/me/"); // the CSRF cookie, before the table is locked
    const locker = new pg.Client({ connectionString: at.place.url });
    await locker.connect();
    let answers: Array<Awaited<ReturnType<TestClient["post"]>>> = [];
    try {
      await locker.query("BEGIN");
      await locker.query(`LOCK TABLE "${at.place.schema}".users IN ACCESS EXCLUSIVE MODE`);
      let timer: NodeJS.Timeout | undefined;
      answers = await Promise.race([
        Promise.all([
          client.post(RESET, { email: "bob@example.org" }),
          client.post(RESET, { email: "nobody@example.org" }),
        ]),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("no answer while the users table was locked")), 5000);
        }),
      ]).finally(() => clearTimeout(timer));
      expect(await resetMails(at.server)).toEqual([]);
    } finally {
      await locker.query("ROLLBACK");
      await locker.end();
    }
    expect(answers.map(comparable)).toEqual([comparable(answers[0]), comparable(answers[0])]);
    expect(answers[0].json).toEqual({ metadata: { success: true, message: PASSWORD_RESET_SENT } });
    await expect.poll(async () => (await resetMails(at.server)).length, { timeout: 10_000 }).toBe(1);
  });
});
