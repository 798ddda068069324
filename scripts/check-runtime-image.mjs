// `node scripts/check-runtime-image.mjs`: rehearses the Dockerfile's runtime stage where there is no
// Docker engine. It builds as the build stage does (`npm run build`; `--skip-build` reuses the
// output), then, in a temporary folder standing for /app, does what the runtime stage says, read
// from the Dockerfile itself so the two cannot drift: each COPY (from the checkout, or `--from=build`
// from the build output here), each `npm ci` RUN line, the ENV. Then it starts the CMD against
// PostgreSQL in a fresh schema, runs the HEALTHCHECK command until it passes (/readyz 200), checks
// the storefront and back office are served and the operator CLI runs beside it, sends SIGTERM,
// expects exit 0, and removes it all.
// What it cannot show: the base image, the `node` user, the image build itself.
//   CHECK_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the PostgreSQL to use.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const databaseUrl = process.env.CHECK_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = `image_check_${process.pid}`;
const pg = createRequire(join(root, "services", "package.json"))("pg");

/** The runtime stage's instructions, continuation lines joined and comments dropped. */
function runtimeStage() {
  const lines = readFileSync(join(root, "Dockerfile"), "utf8")
    .replace(/\\\n\s*/g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const from = lines.findLastIndex((line) => line.startsWith("FROM "));
  return lines.slice(from + 1).map((line) => {
    const [, keyword, rest] = line.match(/^(\S+)\s+(.*)$/);
    return { keyword, rest };
  });
}

function step(message) {
  console.log(`• ${message}`);
}

function run(commandLine, cwd, env = process.env) {
  const result = spawnSync(commandLine, { cwd, env, stdio: "inherit", shell: true });
  if (result.status !== 0) throw new Error(`${commandLine} failed (exit ${result.status})`);
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Copies one COPY instruction's sources into the image folder (`/app/x` means `x` there). */
function copy(rest, image) {
  const parts = rest.split(/\s+/);
  const fromBuild = parts[0] === "--from=build";
  const [destination, ...sources] = parts.filter((p) => !p.startsWith("--")).reverse();
  for (const source of sources.reverse()) {
    const path = fromBuild ? source.replace(/^\/app\//, "") : source;
    const target = destination.endsWith("/")
      ? join(image, destination, path.split("/").pop())
      : join(image, destination);
    cpSync(join(root, path), target, { recursive: true });
  }
}

async function main() {
  if (!process.argv.includes("--skip-build")) {
    step("build stage: npm run build");
    run("npm run build", root);
  }
  const image = mkdtempSync(join(tmpdir(), "shop-image-"));
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  let server;
  try {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME };
    let cmd;
    let healthcheck;
    for (const { keyword, rest } of runtimeStage()) {
      if (keyword === "COPY") copy(rest, image);
      else if (keyword === "ENV") for (const [, key, value] of rest.matchAll(/(\w+)=(\S+)/g)) env[key] = value;
      else if (keyword === "RUN" && rest.startsWith("npm ci")) {
        const install = rest.split("&&")[0].trim(); // not the `npm cache clean` after it: that is this machine's cache
        step(`runtime stage: ${install}`);
        run(install, image, { ...process.env, ...env, PATH: process.env.PATH, HOME: process.env.HOME });
      } else if (keyword === "CMD") cmd = JSON.parse(rest);
      else if (keyword === "HEALTHCHECK") healthcheck = JSON.parse(rest.slice(rest.indexOf("CMD ") + 4));
    }
    if (!cmd || !healthcheck) throw new Error("the runtime stage has no CMD or no HEALTHCHECK");
    step(
      `node_modules holds ${spawnSync("du", ["-sh", "node_modules"], { cwd: image, encoding: "utf8" }).stdout.split("\t")[0]}`,
    );
    const devOnly = ["vite", "typescript", "vitest", "react", "esbuild", "tsx", "testcontainers"].filter((name) =>
      existsSync(join(image, "node_modules", name)),
    );
    if (devOnly.length > 0) throw new Error(`the runtime node_modules holds ${devOnly.join(", ")}`);

    const port = await freePort();
    Object.assign(env, {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      PORT: String(port),
      DATA_DIR: join(image, "data"),
    });
    mkdirSync(env.DATA_DIR, { recursive: true });
    step(`CMD ${cmd.join(" ")} (PORT=${port}, DATABASE_SCHEMA=${schema})`);
    server = spawn(cmd[0], cmd.slice(1), { cwd: image, env, stdio: ["ignore", "pipe", "inherit"] });
    let log = "";
    server.stdout.on("data", (chunk) => (log += chunk));
    const exited = new Promise((resolve) => server.on("exit", (code, signal) => resolve({ code, signal })));

    const started = Date.now();
    for (;;) {
      const probe = spawnSync(healthcheck[0], healthcheck.slice(1), { env, timeout: 5000 });
      if (probe.status === 0) break;
      if (server.exitCode !== null || Date.now() - started > 60_000)
        throw new Error(`HEALTHCHECK never passed; server log:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    step(`HEALTHCHECK passed after ${Date.now() - started} ms`);
    const base = `http://127.0.0.1:${port}`;
    const readyz = await fetch(`${base}/readyz`);
    const pages = await Promise.all(["/", "/admin/"].map(async (path) => [path, (await fetch(base + path)).status]));
    step(
      `/readyz ${readyz.status} ${JSON.stringify(await readyz.json())}; ${pages.map(([p, s]) => `${p} ${s}`).join(", ")}`,
    );
    if (readyz.status !== 200 || pages.some(([, status]) => status !== 200))
      throw new Error("the image does not serve its pages");

    // As `docker compose exec app node services/dist/ops.js projections` would, beside the server.
    const ops = spawnSync("node", ["services/dist/ops.js", "projections"], { cwd: image, env, encoding: "utf8" });
    step(`ops.js projections: exit ${ops.status}, ${ops.stdout.trim().split("\n").length} lines`);
    if (ops.status !== 0) throw new Error(`services/dist/ops.js failed in the image:\n${ops.stdout}${ops.stderr}`);

    server.kill("SIGTERM");
    const { code, signal } = await exited;
    step(`SIGTERM: exit ${code ?? signal}`);
    if (code !== 0) throw new Error(`the server did not exit 0 on SIGTERM; log:\n${log}`);
    server = undefined;
    console.log("The runtime stage works (the image itself was not built: that needs Docker).");
  } finally {
    if (server) server.kill("SIGKILL");
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    rmSync(image, { recursive: true, force: true });
  }
}

await main().catch((error) => {
  console.error(`check-runtime-image: ${error.message}`);
  process.exitCode = 1;
});
