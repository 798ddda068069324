// `npx tsx bench/storefront-ab.ts <origin A> <origin B>`: the list and the one-word searches of the
// storefront bench on two running servers (say, main's and a branch's on one kept BENCH_SCHEMA),
// their rounds interleaved (A then B, then B then A, ...) so a busy machine's swings fall on both.
// Prints each side's median req/s and p99, and its searches against its own list round by round.
// `BENCH_AB_SKU=<code>` adds add-to-cart of that SKU (no cookie: a new cart each time); `BENCH_AB_PATHS=list,add`
// runs only the named lines. `BENCH_AB_PIDS=<pid A>,<pid B>` (the servers' process ids, Linux) adds each
// side's server CPU time per answer (user + system, all threads, from /proc): the per-request cost, which
// a busy machine's swings move far less than req/s.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Pool } from "undici";
import { cpuMillis } from "./bench-kit.ts";

const CONNECTIONS = 64;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const PATHS: Record<string, string> = {
  list: "/api/store/products/?count=24",
  creation: "/api/store/products/?count=24&q=creation",
  ararat: "/api/store/products/?count=24&q=ararat",
  crea: "/api/store/products/?count=24&q=crea",
  ...(process.env.BENCH_AB_SKU
    ? { add: `/api/store/shop/add-to-cart/?${encodeURIComponent(process.env.BENCH_AB_SKU)}=1` }
    : {}),
};
const ONLY = process.env.BENCH_AB_PATHS?.split(",");
for (const name of Object.keys(PATHS)) if (ONLY && !ONLY.includes(name)) delete PATHS[name];

interface Round {
  perSecond: number;
  p99: number;
  /** The server's CPU µs per answer, when its pid is known. */
  cpu?: number;
}

const PIDS = process.env.BENCH_AB_PIDS?.split(",").map(Number);
async function load(origin: string, path: string, seconds: number, pid?: number): Promise<Round> {
  const cpuBefore = pid ? cpuMillis(pid) * 1000 : 0;
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  const end = performance.now() + seconds * 1000;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const response = await pool.request({ method: "GET", path });
        await response.body.dump();
        if (response.statusCode !== 200) throw new Error(`${origin}${path}: ${response.statusCode}`);
        times.push(performance.now() - started);
      }
    }),
  );
  await pool.close();
  const cpu = pid ? (cpuMillis(pid) * 1000 - cpuBefore) / times.length : undefined;
  times.sort((a, b) => a - b);
  return { perSecond: times.length / seconds, p99: times[Math.floor(times.length * 0.99)], cpu };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(origins: string[]): Promise<void> {
  if (origins.length !== 2) throw new Error("usage: storefront-ab.ts <origin A> <origin B>");
  const rounds = origins.map(() => new Map(Object.keys(PATHS).map((k) => [k, [] as Round[]])));
  for (const origin of origins) for (const path of Object.values(PATHS)) await load(origin, path, 1); // warm-up
  for (let r = 0; r < ROUNDS; r++)
    for (const [name, path] of Object.entries(PATHS))
      for (const side of r % 2 ? [1, 0] : [0, 1])
        rounds[side].get(name)!.push(await load(origins[side], path, SECONDS, PIDS?.[side]));
  for (const [side, origin] of origins.entries()) {
    const list = rounds[side].get("list")!;
    for (const [name, xs] of rounds[side]) {
      const perSecond = median(xs.map((x) => x.perSecond));
      const p99 = median(xs.map((x) => x.p99));
      const ratio = median(xs.map((x, i) => x.perSecond / list[i].perSecond));
      const p99Ratio = median(xs.map((x, i) => x.p99 / list[i].p99));
      const cpu = PIDS ? `, server CPU ${median(xs.map((x) => x.cpu!)).toFixed(0)} µs/answer` : "";
      console.info(
        `${origin} ${name.padEnd(8)} ${perSecond.toFixed(0).padStart(6)} req/s, p99 ${p99.toFixed(0).padStart(5)} ms; ` +
          `against its list ${ratio.toFixed(2)}×, p99 ${p99Ratio.toFixed(2)}× (rounds ${xs.map((x) => x.perSecond.toFixed(0)).join(", ")})${cpu}`,
      );
    }
  }
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? "")).href) await run(process.argv.slice(2));
