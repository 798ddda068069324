// `npm run bench -- <name> [args]`: runs one benchmark module's `run(args)`. Add a module to the table to add a benchmark.
type Benchmark = { run(args: string[]): Promise<void> };

export const benchmarks: Record<string, () => Promise<Benchmark>> = {
  eventstore: () => import("./eventstore.ts"),
  locks: () => import("./locks.ts"),
  memory: () => import("./memory.ts"),
  "catalog-catchup": () => import("./catalog-catchup.ts"),
  checkout: () => import("./checkout.ts"),
  crash: () => import("./crash.ts"),
  "crash-checkout": () => import("./crash-checkout.ts"),
  "db-restart": () => import("./db-restart.ts"),
  fuzz: () => import("./fuzz.ts"),
  "giving-day": () => import("./giving-day.ts"),
  lighthouse: () => import("./lighthouse.ts"),
  replay: () => import("./replay.ts"),
  storefront: () => import("./storefront.ts"),
};

const [chosen, ...args] = process.argv.slice(2);
const load = chosen ? benchmarks[chosen] : undefined;
if (!load) {
  console.error(`usage: npm run bench -- <${Object.keys(benchmarks).join("|")}>`);
  process.exit(2);
}
await (await load()).run(args);
