import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { spawnServer, type ServerProcess } from "../services/src/platform/server-process-kit.ts";
import { TestClient } from "../services/src/testing/http-client.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const TOOL = join(ROOT, "tools", "lighthouse");
const CLI = join(TOOL, "node_modules", ".bin", "lighthouse");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

interface Audit {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  failing: string[];
}

/** Lighthouse lives in tools/lighthouse (large, and no test needs it): installed on first use. */
function ensureLighthouse() {
  if (existsSync(CLI)) return;
  console.log("Installing Lighthouse into tools/lighthouse…");
  execFileSync("npm", ["ci", "--prefix", TOOL, "--no-audit", "--no-fund", "--loglevel=error"], { stdio: "inherit" });
}

function audit(name: string, url: string, cookie: string): Audit {
  const out = join(mkdtempSync(join(tmpdir(), "lighthouse-")), "report.json");
  const args = [
    url,
    "--output=json",
    `--output-path=${out}`,
    "--quiet",
    "--only-categories=performance,accessibility,best-practices,seo",
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  // Lighthouse now and then loses its own trace (NO_NAVSTART); such a run says nothing about the page.
  let ran = spawnSync(CLI, args, { env: { ...process.env, CHROME_PATH: CHROME }, encoding: "utf8" });
  for (
    let retry = 0;
    ran.status !== 0 && /NO_NAVSTART|NO_FCP|Please run Lighthouse again/.test(ran.stderr) && retry < 2;
    retry++
  )
    ran = spawnSync(CLI, args, { env: { ...process.env, CHROME_PATH: CHROME }, encoding: "utf8" });
  if (ran.status !== 0) throw new Error(`lighthouse ${url}: ${ran.stderr}`);
  const report = JSON.parse(readFileSync(out, "utf8"));
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failing = Object.values(
    report.audits as Record<string, { id: string; score: number | null; scoreDisplayMode: string }>,
  )
    .filter((a) => a.scoreDisplayMode === "binary" && a.score === 0)
    .map((a) => a.id);
  // What the console said, so a failing errors-in-console names its cause.
  const consoleErrors = (report.audits["errors-in-console"]?.details?.items ?? []).map(
    (i: { description?: string; url?: string }) => `${i.description ?? ""} ${i.url ?? ""}`.trim(),
  );
  return {
    page: name,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    cls: report.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    lcpMs: report.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    failing: [...failing, ...consoleErrors.map((e: string) => `console: ${e}`)],
  };
}

/**
 * `npm run bench -- lighthouse [base-url]`: Lighthouse mobile (its default: a mid-range phone on slow
 * 4G, throttled) on the home page, a product, the product list, a cart with two lines and a content
 * page of a demo shop (started here on embedded PGlite unless a base URL is given). Prints the
 * scores, CLS and LCP, the failing audits, and the machine's load, which colours the performance figure.
 */
export async function run(args: string[]): Promise<void> {
  ensureLighthouse();
  let server: ServerProcess | undefined;
  try {
    let base = args[0];
    if (!base) {
      server = await spawnServer(
        { DEMO_DATA: "true", DATA_DIR: mkdtempSync(join(tmpdir(), "lighthouse-shop-")), LOG_LEVEL: "error" },
        240_000,
      );
      base = server.url;
    }
    const shopper = new TestClient(base);
    const products = await shopper.request("GET", "/api/store/products/?count=2");
    const items = products.json.items as Array<{ url: string; skus?: Array<{ sku: string }> }>;
    const skus = (await shopper.request("GET", "/store/skus/?count=2&sort=sku")).json.items as Array<{ sku: string }>;
    // The cart page's own add (/store/cart/?{sku}=1&add-to-cart): the browser gets the cart cookie from
    // the answer, as a shopper's would. A Cookie header given to Lighthouse instead replaced the page's
    // own cookies on every request, so its CSRF token no longer matched and a console error cost points.
    const cartWithTwoLines = `/store/cart/?${skus.map((s) => `${s.sku}=1`).join("&")}&add-to-cart`;
    const pages: Array<[string, string, string]> = [
      ["home", "/", ""],
      ["product", items[0].url, ""],
      ["list", "/store/", ""],
      ["cart (2 lines)", cartWithTwoLines, ""],
      ["content", "/about/mission/", ""],
    ];
    const rows = pages.map(([name, path, cookie]) => audit(name, new URL(path, base).href, cookie));
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(`\nLighthouse 12.2.3, mobile, ${CHROME}; load average ${load} on 2 cores\n`);
    console.log("| page | performance | accessibility | best practices | SEO | CLS | LCP |");
    console.log("|---|---|---|---|---|---|---|");
    for (const r of rows)
      console.log(
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.cls.toFixed(3)} | ${(r.lcpMs / 1000).toFixed(1)} s |`,
      );
    for (const r of rows) if (r.failing.length) console.log(`${r.page}: failing ${r.failing.join(", ")}`);
  } finally {
    await server?.stop();
  }
}
