import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { z } from "zod";

/** One recorded call of Stripe's API: what we send (the fields we assert) and what Stripe answered. */
const StripeExchange = z.object({
  description: z.string(),
  request: z.object({
    method: z.enum(["GET", "POST", "DELETE"]),
    path: z.string(),
    query: z.record(z.string(), z.string()).optional(),
    form: z.record(z.string(), z.string()).optional(),
  }),
  response: z.object({ status: z.number().int(), body: z.record(z.string(), z.unknown()) }),
});
export type StripeExchange = z.infer<typeof StripeExchange>;
export type StripeAnswer = StripeExchange["response"];

/** A fixture of services/src/payments/fixtures/ (`name` without .json). */
export function stripeFixture(name: string): StripeExchange {
  const file = new URL(`./fixtures/${name}.json`, import.meta.url);
  return StripeExchange.parse(JSON.parse(readFileSync(file, "utf8")));
}

/** A fixture's answer with some of its body's fields replaced (the amount or tag of the test's own checkout). */
export const answerWith = (fixture: StripeExchange, body: Record<string, unknown>): StripeAnswer => ({
  status: fixture.response.status,
  body: { ...fixture.response.body, ...body },
});

export interface SeenStripeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
}

/** The way a queued answer goes: Stripe's answer, or the connection dropped (a network failure). */
export type QueuedAnswer = StripeAnswer | "drop";

const entries = (params: URLSearchParams) => Object.fromEntries(params.entries());

/**
 * A local stand-in for api.stripe.com that replays recorded answers in order and records every
 * request (path, query, form fields, auth and idempotency headers). An unexpected request gets a 500
 * naming it, so a test sees it rather than a hang.
 */
export async function startStripeFixtureServer() {
  const queue: QueuedAnswer[] = [];
  const requests: SeenStripeRequest[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => resolve(body));
    });
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture");
    const body = await read(req);
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      query: entries(url.searchParams),
      form: entries(new URLSearchParams(body)),
      authorization: req.headers.authorization,
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      contentType: req.headers["content-type"],
    });
    const next = queue.shift();
    if (next === "drop") {
      req.socket.destroy();
      return;
    }
    const answer = next ?? {
      status: 500,
      body: { error: { type: "api_error", message: `no fixture queued for ${req.method} ${url.pathname}` } },
    };
    res.writeHead(answer.status, { "content-type": "application/json", "request-id": "req_fixture" });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Queues the answers of the next requests, in order. */
    answer(...answers: QueuedAnswer[]) {
      queue.push(...answers);
    },
    /** Forgets what was queued and seen (between tests). */
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeFixtureServer = Awaited<ReturnType<typeof startStripeFixtureServer>>;
