import { createServer } from "node:http";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { describe, expect, it } from "vitest";
import { inTurn } from "./in-turn.ts";

/** The answer to GET / of an app whose middleware are `handlers`, mounted one layer each or `inTurn`. */
async function answerOf(handlers: RequestHandler[], asOne: boolean): Promise<string> {
  const app = express();
  if (asOne) app.use(inTurn(...handlers));
  else for (const h of handlers) app.use(h);
  app.get("/", (req, res) => res.json({ seen: (req as unknown as { seen: string[] }).seen }));
  const onError: ErrorRequestHandler = (error, req, res, _next) =>
    res
      .status(500)
      .json({ error: String((error as Error)?.message ?? error), seen: (req as never as { seen: string[] }).seen });
  app.use(onError);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as { port: number };
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    return `${answer.status} ${await answer.text()}`;
  } finally {
    server.close();
  }
}

const mark =
  (
    name: string,
    then: (next: express.NextFunction, res: express.Response) => unknown = (next) => next(),
  ): RequestHandler =>
  (req, res, next) => {
    const r = req as unknown as { seen?: string[] };
    r.seen = [...(r.seen ?? []), name];
    return then(next, res) as undefined;
  };

describe("middleware in turn", () => {
  it("answer as the same middleware mounted one layer each: in order, async, answering, failing", async () => {
    const cases: RequestHandler[][] = [
      [mark("a"), mark("b"), mark("c")],
      [mark("a"), mark("b", (next) => void setTimeout(next, 5)), mark("c")],
      [mark("a"), mark("b", async (next) => next()), mark("c")],
      [mark("a"), mark("b", (_next, res) => res.status(403).json({ refused: true })), mark("c")],
      [mark("a"), mark("b", (next) => next(new Error("passed"))), mark("c")],
      [
        mark("a"),
        mark("b", () => {
          throw new Error("thrown");
        }),
        mark("c"),
      ],
      [mark("a"), mark("b", async () => Promise.reject(new Error("rejected"))), mark("c")],
      [mark("a"), mark("b", async () => Promise.reject(undefined)), mark("c")],
      [],
    ];
    for (const handlers of cases) expect(await answerOf(handlers, true)).toBe(await answerOf(handlers, false));
    expect(await answerOf(cases[0], true)).toBe('200 {"seen":["a","b","c"]}');
    expect(await answerOf(cases[5], true)).toBe('500 {"error":"thrown","seen":["a","b"]}');
  });
});
