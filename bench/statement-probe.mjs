// Loaded with `--import` into a bench's server or baseline process: counts the statements the process
// sends to PostgreSQL (every pg Client.query, pools' included). On SIGUSR2 it writes
// "<sequence> <statements> <notifies>" to BENCH_STATEMENT_FILE, which the bench reads before and after
// a round (bench/checkout.ts). NOTIFYs (the commit notifier's wake-ups) are also counted apart.
import { writeFileSync } from "node:fs";
import pg from "pg";

const file = process.env.BENCH_STATEMENT_FILE;
if (file) {
  let statements = 0;
  let notifies = 0;
  let sequence = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    statements++;
    const text = typeof config === "string" ? config : config?.text;
    if (typeof text === "string" && text.includes("pg_notify(")) notifies++;
    return query.call(this, config, ...rest);
  };
  process.on("SIGUSR2", () => writeFileSync(file, `${++sequence} ${statements} ${notifies}`));
}
