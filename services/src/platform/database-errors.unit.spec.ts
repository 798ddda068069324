import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-errors.ts";

describe("money 4: which errors mean the database is away (503), not a fault in the request (500)", () => {
  it.each([
    ["a terminated backend", { code: "57P01", message: "terminating connection due to administrator command" }],
    ["a restarting server", { code: "57P03", message: "the database system is starting up" }],
    ["a statement timeout", { code: "57014", message: "canceling statement due to statement timeout" }],
    ["a connection failure class", { code: "08006", message: "connection failure" }],
    ["a refused connection", { code: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:5432" }],
    ["node-postgres's words", new Error("Connection terminated unexpectedly")],
    ["a pool that cannot connect in time", new Error("timeout exceeded when trying to connect")],
    ["a wrapped cause", new Error("append failed", { cause: { code: "57P01" } })],
  ])("%s is", (_what, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ["a unique violation", { code: "23505", message: "duplicate key value violates unique constraint" }],
    ["a syntax error", { code: "42601", message: "syntax error at or near" }],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["nothing", undefined],
  ])("%s is not", (_what, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
