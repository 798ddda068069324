// The storefront bench's baselines, in a process of their own as the server is in its own: a bare
// express + pg app running only the one statement of each measured call, and a bare socket.io server
// whose `/public` room gets the same kind of push. Started by bench/storefront.ts with IPC; it
// prints nothing and answers `{ port }` once listening, then `emit` messages broadcast a push.
import { createServer } from "node:http";
import express from "express";
import pg from "pg";
import { compressAnswers } from "../services/src/platform/http/static-files.ts";
import { Server } from "socket.io";

interface Options {
  url: string;
  schema: string;
  /** The app's SELECT of 24 products, compiled by kysely from the same query function. */
  list: { sql: string; parameters: unknown[] };
  /** Each search's ranked page: the one statement the app sends for it once its plan is cached. */
  searches: { sql: string; parameters: unknown[] }[];
}

const send = (message: unknown) => process.send?.(message);

process.once("message", async (options: Options) => {
  const pool = new pg.Pool({ connectionString: options.url, max: 20, options: `-c search_path=${options.schema}` });
  await pool.query(
    "CREATE TABLE IF NOT EXISTS bench_cart_rows (id bigserial PRIMARY KEY, cart text, sku text, quantity int)",
  );
  const app = express();
  app.disable("x-powered-by");
  // The app's own compression (brotli or gzip above 1 KB), so both sides pay for it alike.
  app.use(compressAnswers());
  const select =
    (statement: { sql: string; parameters: unknown[] }, name: string) =>
    async (_req: express.Request, res: express.Response) => {
      const { rows } = await pool.query({ name, text: statement.sql, values: statement.parameters });
      res.json({ items: rows, count: rows.length });
    };
  app.get("/list", select(options.list, "bench_list"));
  for (const [i, statement] of options.searches.entries())
    app.get(`/search/${i}`, select(statement, `bench_search_${i}`));
  app.get("/insert", async (req, res) => {
    const sku = String(Object.keys(req.query)[0] ?? "sku");
    await pool.query({
      name: "bench_insert",
      text: "INSERT INTO bench_cart_rows (cart, sku, quantity) VALUES ($1, $2, 1)",
      values: [crypto.randomUUID(), sku],
    });
    res.json({ ok: true });
  });
  const http = createServer(app);
  const io = new Server(http, { serveClient: false });
  io.of("/public").on("connection", (socket) => {
    socket.on("join", (msg: { campaign?: unknown }) => {
      if (typeof msg?.campaign === "string") socket.join(`campaign:${msg.campaign}`);
    });
  });
  process.on("message", (m: { emit?: { campaign: string; payload: unknown } }) => {
    if (m.emit) io.of("/public").to(`campaign:${m.emit.campaign}`).emit("thermometer", m.emit.payload);
  });
  http.listen(0, "127.0.0.1", () => send({ port: (http.address() as { port: number }).port }));
  process.once("disconnect", () => {
    io.close();
    void pool.end().finally(() => process.exit(0));
  });
});
