import { afterAll, afterEach, describe, expect, it } from "vitest";
import { mailStream } from "@shop/shared";
import { ConfigSchema } from "../platform/config.ts";
import type { OpsContext } from "../ops/ops-context.ts";
import { listMailbox } from "../ops/mail-commands.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { signedInClient } from "../testing/server-kit.ts";
import { TestClient } from "../testing/http-client.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import type { MailTransport } from "./mail-transport.ts";
import { queueMail } from "./queue-mail.ts";

/** A transport that fails its first `failures` sends, and counts what it delivered. */
function flakyTransport(failures: number) {
  const delivered: string[] = [];
  let calls = 0;
  const transport: MailTransport = {
    via: "smtp",
    async send(mail, messageId) {
      calls++;
      if (calls <= failures) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      delivered.push(`${mail.id} ${messageId}`);
    },
  };
  return { transport, delivered, calls: () => calls };
}

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const typesOf = async (server: RunningServer, mailId: string) =>
  (await server.store.readStream(mailStream(mailId))).map((e) => e.type);

describe.each(testBackends())("mail outbox sender on $name", ({ pglite }) => {
  const places: TestServerPlace[] = [];
  const servers: RunningServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });
  afterAll(async () => {
    for (const p of places) await removeTestPlace(p);
  });

  it("a failed delivery is retried with backoff, then the mail is delivered once", { timeout: 120_000 }, async () => {
    let offset = 0;
    const flaky = flakyTransport(2);
    const place = newTestPlace({ pglite });
    places.push(place);
    const server = await startTestServer(place, {
      clock: () => new Date(Date.now() + offset),
      mail: { transport: flaky.transport, everyMs: 20 },
    });
    servers.push(server);
    const clock = () => new Date(Date.now() + offset);
    const { mailId } = await queueMail(
      { store: server.store, db: server.database.db, clock },
      { to: " Ann@Example.org ", person: "ann", subject: "Hi", text: "Hello" },
    );
    expect(
      await until(
        () => typesOf(server, mailId),
        (t) => t.length === 2,
      ),
    ).toEqual(["MailQueued", "MailFailed"]);
    // Not due again before its backoff (30 s): nothing more happens now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(flaky.calls()).toBe(1);
    offset += 31_000;
    expect(
      await until(
        () => typesOf(server, mailId),
        (t) => t.length === 3,
      ),
    ).toEqual(["MailQueued", "MailFailed", "MailFailed"]);
    offset += 61_000;
    expect(
      await until(
        () => typesOf(server, mailId),
        (t) => t.length === 4,
      ),
    ).toEqual(["MailQueued", "MailFailed", "MailFailed", "MailSent"]);
    offset += 3_600_000;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(flaky.delivered).toEqual([`${mailId} <${mailId}@localhost>`]);
    const sent = (await server.store.readStream(mailStream(mailId)))[3].data;
    expect(sent).toMatchObject({ attempt: 3, via: "smtp" });
  });

  it("security 15: over SMTP the outbox row drops the body once sent; the event holds the address and body sealed", {
    timeout: 120_000,
  }, async () => {
    const got: Array<{ to: string; text: string }> = [];
    const transport: MailTransport = {
      via: "smtp",
      async send(mail) {
        got.push({ to: mail.to, text: mail.text });
      },
    };
    const place = newTestPlace({ pglite });
    places.push(place);
    const server = await startTestServer(place, { mail: { transport, everyMs: 20 } });
    servers.push(server);
    const { mailId } = await queueMail(
      { store: server.store, db: server.database.db, clock: () => new Date() },
      { to: "Cleo@Example.org", person: "receipt-person", subject: "Your receipt", text: "Dear Cleo Sealwright" },
    );
    await until(
      () => typesOf(server, mailId),
      (t) => t.includes("MailSent"),
    );
    expect(got).toEqual([{ to: "cleo@example.org", text: "Dear Cleo Sealwright" }]);
    const [queued] = await server.store.readStream(mailStream(mailId));
    expect(JSON.stringify(queued!.data)).not.toMatch(/cleo|sealwright/i);
    expect(queued!.data).toMatchObject({
      to: "",
      text: "",
      subject: "Your receipt",
      sealed: { person: "receipt-person" },
    });
    await server.runner.waitFor(await server.store.head());
    const row = await server.database.db.selectFrom("mailbox").selectAll().where("id", "=", mailId).executeTakeFirst();
    expect(row).toMatchObject({ status: "sent", via: "smtp", to: "cleo@example.org", text: "", html: null });
  });

  it("without SMTP_URL the mail lands in the local mailbox that staff read and `ops mails` lists", {
    timeout: 120_000,
  }, async () => {
    const place = newTestPlace({ pglite });
    places.push(place);
    const server = await startTestServer(place, { mail: { everyMs: 20 } });
    servers.push(server);
    const { mailId } = await queueMail(
      { store: server.store, db: server.database.db, clock: () => new Date() },
      { to: "bob@example.org", person: "bob", subject: "Your order", text: "Thank you for your order." },
    );
    await until(
      () => typesOf(server, mailId),
      (t) => t.includes("MailSent"),
    );
    const staff = (await signedInClient(server, "staff@example.org", "Staff")).client;
    const list = await until(
      () => staff.get("/admin/api/mailbox/"),
      (r) => r.json?.items?.[0]?.status === "sent",
    );
    expect(list.json.items).toEqual([
      expect.objectContaining({
        id: mailId,
        to: "bob@example.org",
        subject: "Your order",
        status: "sent",
        via: "mailbox",
      }),
    ]);
    expect((await staff.get(`/admin/api/mailbox/${mailId}/`)).json.mail.text).toBe("Thank you for your order.");
    expect((await new TestClient(server.url).get("/admin/api/mailbox/")).status).toBe(401);
    const ctx: OpsContext = {
      config: ConfigSchema.parse({}),
      database: server.database,
      store: server.store,
      close: async () => {},
    };
    const printed = await listMailbox(ctx, { full: true });
    expect(printed).toContain("sent    bob@example.org  Your order");
    expect(printed).toContain("    Thank you for your order.");
  });

  it.runIf(!pglite && testDatabaseUrl())(
    "only one process sends: two servers on one database deliver each mail once",
    { timeout: 120_000 },
    async () => {
      const place = newTestPlace({ pglite: false });
      places.push(place);
      const a = flakyTransport(0);
      const b = flakyTransport(0);
      servers.push(await startTestServer(place, { mail: { transport: a.transport, everyMs: 10 } }));
      servers.push(await startTestServer(place, { mail: { transport: b.transport, everyMs: 10 } }));
      const ids: string[] = [];
      for (let i = 0; i < 10; i++)
        ids.push(
          (
            await queueMail(
              { store: servers[0].store, db: servers[0].database.db, clock: () => new Date() },
              { to: `c${i}@x.org`, person: `c${i}`, subject: "s", text: "t" },
            )
          ).mailId,
        );
      for (const id of ids)
        await until(
          () => typesOf(servers[1], id),
          (t) => t.includes("MailSent"),
        );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect([...a.delivered, ...b.delivered].map((d) => d.split(" ")[0]).sort()).toEqual([...ids].sort());
    },
  );
});
