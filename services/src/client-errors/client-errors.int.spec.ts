import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ERRORS_KEPT } from "@shop/shared/client-errors/api";
import { openTestDatabase } from "../testing/test-database.ts";
import { clientErrorLog, formatClientError } from "./client-error-log.ts";
import { clientErrorsCommand, DEFAULT_CLIENT_ERRORS_LIMIT } from "./client-errors-command.ts";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 4 });
});
afterAll(() => database?.drop());

const from = (at: string) => ({ ip: "203.0.113.9", userAgent: "Test Browser", at: new Date(at) });

describe("client errors: stored and listed for operators", () => {
  it("npm run ops -- client-errors lists the reports newest first, one line each", async () => {
    const log = clientErrorLog(database.db);
    await log.record(
      {
        kind: "script",
        message: "TypeError: x is undefined",
        page: "/donate/",
        source: "/assets/app.js",
        line: 10,
        column: 5,
      },
      from("2026-11-23T10:00:00Z"),
    );
    await log.record(
      {
        kind: "request",
        message: "GET /api/store/shop/full-cart/ failed with 500",
        page: "/store/cart/",
        source: "/api/store/shop/full-cart/",
        method: "GET",
        status: 500,
      },
      from("2026-11-23T11:00:00Z"),
    );
    const out = await clientErrorsCommand.run({ database }, clientErrorsCommand.parse([]));
    expect(out.split("\n")).toEqual([
      "2026-11-23T11:00:00.000Z  request  /store/cart/  GET /api/store/shop/full-cart/ failed with 500  (GET /api/store/shop/full-cart/ -> 500)  203.0.113.9",
      "2026-11-23T10:00:00.000Z  script   /donate/  TypeError: x is undefined  (/assets/app.js:10:5)  203.0.113.9",
    ]);
    const since = await clientErrorsCommand.run(
      { database },
      clientErrorsCommand.parse(["--since", "2026-11-23T10:30:00Z", "--json"]),
    );
    expect(since.split("\n").map((l) => JSON.parse(l).page)).toEqual(["/store/cart/"]);
  });

  it("client-errors takes --limit (50 by default) and refuses a bad one", () => {
    expect(DEFAULT_CLIENT_ERRORS_LIMIT).toBe(50);
    expect(clientErrorsCommand.parse([]).limit).toBe(50);
    expect(clientErrorsCommand.parse(["--limit", "3"]).limit).toBe(3);
    expect(() => clientErrorsCommand.parse(["--limit", "0"])).toThrow(
      "--limit must be a positive whole number, not '0'",
    );
    expect(() => clientErrorsCommand.parse(["--since", "soon"])).toThrow(
      "--since must be an ISO date or time, not 'soon'",
    );
  });

  it(`the newest ${CLIENT_ERRORS_KEPT} reports are kept`, async () => {
    const log = clientErrorLog(database.db);
    const before = await database.db
      .selectFrom("client_errors")
      .select("id")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    // As if the table had grown: the next insert is the KEPT-th after the 500 report, so only the one before that goes.
    await sql
      .raw(`ALTER TABLE client_errors ALTER COLUMN id RESTART WITH ${Number(before.id) + CLIENT_ERRORS_KEPT - 1}`)
      .execute(database.db);
    await log.record({ kind: "script", message: "late", page: "/" }, from("2026-11-23T12:00:00Z"));
    const rows = await log.list({ limit: 100 });
    expect(rows.map((r) => r.message)).toEqual(["late", "GET /api/store/shop/full-cart/ failed with 500"]);
  });

  it("formats a script error without a source as ?", () => {
    expect(
      formatClientError({
        receivedAt: "2026-11-23T12:00:00.000Z",
        ip: "::1",
        userAgent: "",
        kind: "script",
        message: "boom",
        page: "/",
        source: null,
        line: null,
        column: null,
        stack: null,
        method: null,
        status: null,
      }),
    ).toBe("2026-11-23T12:00:00.000Z  script   /  boom  (?:0:0)  ::1");
  });

  it("security 20: a report's newlines and escape sequences print on one line, visible, with no raw ESC", async () => {
    const log = clientErrorLog(database.db);
    await log.record(
      {
        kind: "request",
        message: "boom\n2026-11-23T13:00:00.000Z  script   /admin/  forged line\x1b[31m red\x1b[0m\r\u009b2J\u202eoll",
        page: "/store/\n\x1b]0;title\x07",
        source: "/api/\u2028x",
        method: "GET\t",
        status: 500,
      },
      from("2026-11-23T13:00:00Z"),
    );
    const out = await clientErrorsCommand.run({ database }, clientErrorsCommand.parse(["--limit", "1"]));
    expect(out.split("\n")).toHaveLength(1);
    expect(out).toBe(
      "2026-11-23T13:00:00.000Z  request  /store/\\n\\x1b]0;title\\x07  " +
        "boom\\n2026-11-23T13:00:00.000Z  script   /admin/  forged line\\x1b[31m red\\x1b[0m\\r\\u009b2J\\u202eoll  " +
        "(GET\\t /api/\\u2028x -> 500)  203.0.113.9",
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not reach the terminal
    expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u202e]/);
    // --json is JSON: its strings carry the characters escaped, and read back as they were sent.
    const json = await clientErrorsCommand.run({ database }, clientErrorsCommand.parse(["--limit", "1", "--json"]));
    expect(json.split("\n")).toHaveLength(1);
    expect(JSON.parse(json).page).toBe("/store/\n\x1b]0;title\x07");
  });
});
