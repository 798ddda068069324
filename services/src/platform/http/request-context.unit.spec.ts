import { createServer } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { requestContext } from "./request-context.ts";

/** An app with the request context and one route that logs through `req.log`; answers the log lines. */
async function logOf(level: string, requests: Array<Record<string, string>>) {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const app = express();
  app.use(requestContext(app, log));
  app.get("/work", (req, res) => {
    req.log.warn({ step: 1 }, "working");
    res.status(201).json({ id: req.requestId });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const answers: Array<{ header: string | null; id: string }> = [];
  try {
    for (const headers of requests) {
      const res = await fetch(`http://127.0.0.1:${port}/work?secret=1`, { headers });
      answers.push({ header: res.headers.get("x-request-id"), id: ((await res.json()) as { id: string }).id });
    }
  } finally {
    server.close();
  }
  return { lines, answers };
}

describe("request context", () => {
  it("each request logs one line with its id, method, path without query, status and time", async () => {
    const { lines, answers } = await logOf("info", [{ "x-request-id": "req-1" }, {}]);
    const done = lines.filter((l) => l.msg === "request");
    expect(done).toHaveLength(2);
    expect(done[0]).toMatchObject({ requestId: "req-1", method: "GET", url: "/work", status: 201 });
    expect(typeof done[0].ms).toBe("number");
    expect(answers[1].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(done[1].requestId).toBe(answers[1].id);
    expect(answers.map((a) => a.header)).toEqual(answers.map((a) => a.id));
  });

  it("a line logged while handling a request carries that request's id", async () => {
    const { lines } = await logOf("info", [{ "x-request-id": "req-a" }, { "x-request-id": "req-b" }]);
    expect(lines.filter((l) => l.msg === "working").map((l) => [l.requestId, l.step])).toEqual([
      ["req-a", 1],
      ["req-b", 1],
    ]);
  });

  it("with info off, no request line is written but warnings still name the request", async () => {
    const { lines } = await logOf("warn", [{ "x-request-id": "req-w" }]);
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([["working", "req-w"]]);
  });
});
