// The checkout bench's baseline, in a process of its own as the server is in its own: a bare express +
// pg app with one route per checkout call, each running as many INSERTs (one transaction) as the app
// appended events for that call in the bench's warm-up checkout, or one SELECT for a read. Started by
// bench/checkout.ts with IPC; it prints nothing and answers `{ port }` once listening.
import { createServer } from "node:http";
import express from "express";
import pg from "pg";
import { compressAnswers } from "../services/src/platform/http/static-files.ts";

interface Options {
  url: string;
  schema: string;
}

process.once("message", async (options: Options) => {
  const pool = new pg.Pool({ connectionString: options.url, max: 20, options: `-c search_path=${options.schema}` });
  await pool.query(
    "CREATE TABLE IF NOT EXISTS bench_checkout_rows (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, stream text NOT NULL, type text NOT NULL, data jsonb NOT NULL)",
  );
  const app = express();
  app.disable("x-powered-by");
  app.use(express.json());
  // The app's own compression (brotli or gzip above 1 KB), so both sides pay for it alike.
  app.use(compressAnswers());
  // `/step/{name}?n={inserts}`: n INSERTs of the request's body in one transaction; n = 0 is one SELECT.
  app.all("/step/:name", async (req, res) => {
    const n = Number(req.query.n ?? 0);
    const data = JSON.stringify(req.body ?? {});
    if (n === 0) {
      const { rows } = await pool.query({
        name: "bench_read",
        text: "SELECT id, data FROM bench_checkout_rows ORDER BY id DESC LIMIT 1",
      });
      res.json({ rows });
      return;
    }
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      for (let i = 0; i < n; i++)
        await client.query({
          name: "bench_insert",
          text: "INSERT INTO bench_checkout_rows (stream, type, data) VALUES ($1, $2, $3)",
          values: [`checkout-${req.query.shopper ?? "x"}`, req.params.name, data],
        });
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    res.json({ metadata: { success: true } });
  });
  const http = createServer(app);
  http.listen(0, "127.0.0.1", () => process.send?.({ port: (http.address() as { port: number }).port }));
  process.once("disconnect", () => {
    http.close();
    void pool.end().finally(() => process.exit(0));
  });
});
