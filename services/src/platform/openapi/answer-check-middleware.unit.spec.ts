import { createServer } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import type { oas31 } from "zod-openapi";
import { createLogger } from "../logger.ts";
import { answerChecker } from "./answer-check.ts";
import { type AnswerCheckMode, checkAnswers, LOG_MODE_SAMPLE } from "./answer-check-middleware.ts";

const fits = {
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: { ok: { type: "boolean" } },
        required: ["ok"],
        additionalProperties: false,
      },
    },
  },
};
/** Two documented operations: their answers are `{ ok: boolean }`, with 200 and 400 listed. */
const document = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: Object.fromEntries(
    ["/api/json/", "/api/end/", "/api/item/{id}/"].map((path) => [
      path,
      { get: { responses: { "200": { description: "ok", ...fits }, "400": { description: "no", ...fits } } } },
    ]),
  ),
} as oas31.OpenAPIObject;

/**
 * An app checking its answers in `mode`; its routes answer `{ ok: "yes" }`, which the document does
 * not allow, with the status asked for: by `res.json`, or as JSON text by `res.end` (as the cart does).
 */
async function run(mode: Exclude<AnswerCheckMode, "off">, paths: string[]) {
  const warnings: Array<Record<string, unknown>> = [];
  const log = createLogger("warn", { write: (line: string) => void warnings.push(JSON.parse(line)) });
  const app = express();
  app.use(checkAnswers(mode, answerChecker(document), log));
  const status = (req: express.Request) => Number(req.query.status ?? 200);
  app.get(["/api/json/", "/api/item/:id/"], (req, res) => res.status(status(req)).json({ ok: "yes" }));
  app.get("/api/end/", (req, res) => {
    res
      .status(status(req))
      .type("json")
      .end(JSON.stringify({ ok: "yes" }));
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const statuses: number[] = [];
  try {
    for (const path of paths) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
  } finally {
    server.close();
  }
  return { statuses, logged: warnings.filter((w) => w.msg === "answer does not fit /api/openapi.json").length };
}

const times = (n: number, path: string) => Array.from({ length: n }, () => path);

describe("the answer check", () => {
  it("strict mode checks every answer: each one that does not fit becomes a 500", async () => {
    const paths = [...times(LOG_MODE_SAMPLE + 2, "/api/json/"), ...times(3, "/api/end/"), "/api/json/?status=400"];
    const { statuses, logged } = await run("strict", paths);
    expect(statuses).toEqual(paths.map(() => 500));
    expect(logged).toBe(paths.length);
  });

  it("log mode checks the first and then one in LOG_MODE_SAMPLE successful answers of each operation, and sends them as they are", async () => {
    const paths = [
      ...times(2 * LOG_MODE_SAMPLE + 1, "/api/json/"), // checked: the 1st, the 65th, the 129th
      ...times(LOG_MODE_SAMPLE, "/api/end/"), // an operation of its own: its 1st
      ...times(2, "/api/item/7/"), // one operation for every id: its 1st
      "/api/item/8/",
    ];
    const { statuses, logged } = await run("log", paths);
    expect(statuses).toEqual(paths.map(() => 200));
    expect(logged).toBe(3 + 1 + 1);
  });

  it("log mode checks every answer that is not a success", async () => {
    const paths = [...times(5, "/api/json/?status=400"), ...times(4, "/api/end/?status=400"), "/api/json/?status=418"];
    const { statuses, logged } = await run("log", paths);
    expect(statuses).toEqual([...times(9, "x").map(() => 400), 418]);
    expect(logged).toBe(paths.length);
  });
});

describe("finding a request's operation", () => {
  it("a literal path wins over a template that also matches it; a method or path the document lacks has none", () => {
    const checker = answerChecker({
      ...document,
      paths: { ...document.paths, "/api/item/new/": { post: { responses: { "200": { description: "ok" } } } } },
    });
    expect(checker.operationOf("GET", "/api/item/7/")).toBe("GET /api/item/{id}/");
    expect(checker.operationOf("GET", "/api/item/new/")).toBe("GET /api/item/{id}/");
    expect(checker.operationOf("POST", "/api/item/new/")).toBe("POST /api/item/new/");
    expect(checker.operationOf("post", "/api/item/new/")).toBe("POST /api/item/new/");
    expect(checker.operationOf("GET", "/api/json/")).toBe("GET /api/json/");
    expect(checker.operationOf("PUT", "/api/json/")).toBeNull();
    expect(checker.operationOf("GET", "/api/json")).toBeNull();
    expect(checker.operationOf("GET", "/api/item/7/8/")).toBeNull();
  });
});
