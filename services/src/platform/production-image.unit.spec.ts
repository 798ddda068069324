import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPO_ROOT } from "../server.ts";
import { ConfigSchema, loadConfig } from "./config.ts";
import { SERVER_PROCESS_ENV } from "./server-process-kit.ts";

// No Docker engine here: `docker compose config` and `docker build` cannot run, so these read the
// files as Docker would. scripts/check-runtime-image.mjs runs the runtime stage for real.

type ComposeService = {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  profiles?: string[];
};
type Compose = { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };

// Compose files use YAML 1.1's merge keys (`<<: *app`), which `docker compose` resolves too.
const compose: Compose = parse(readFileSync(join(REPO_ROOT, "docker-compose.yml"), "utf8"), { merge: true });
const dockerfile = readFileSync(join(REPO_ROOT, "Dockerfile"), "utf8").replace(/\\\n\s*/g, "");
const stages = dockerfile.split(/^FROM /m).slice(1);
const runtime = stages.at(-1) ?? "";

/** Compose's `${VAR:-default}` as `docker compose` reads it with VAR unset. */
function interpolated(environment: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [key, value.replace(/\$\{\w+:-([^}]*)\}/g, "$1")]),
  );
}

describe("code health 7: a production image", () => {
  it("npm start, the image and the servers tests and benches start give glibc the same mmap threshold", () => {
    const image = /^ENV [^\n]*\bMALLOC_MMAP_THRESHOLD_=(\d+)\b/m.exec(runtime)?.[1];
    expect(image).toBe(SERVER_PROCESS_ENV.MALLOC_MMAP_THRESHOLD_);
    const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8"));
    expect(scripts.start).toBe(`MALLOC_MMAP_THRESHOLD_=${image} node scripts/start.mjs`);
  });

  it("builds in one stage and runs another: node slim, production dependencies only, compiled JavaScript", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runtime).toMatch(/^node:24-(bookworm-)?slim\b/);
    expect(runtime).toMatch(/^RUN npm ci --omit=dev\b/m);
    expect(runtime).toContain("COPY --from=build /app/services/dist services/dist");
    expect(runtime).toMatch(/^ENV [^\n]*\bHOST=0\.0\.0\.0\b/m);
    expect(runtime).toMatch(/^ENV [^\n]*\bNODE_ENV=production\b/m);
    expect(runtime).toMatch(/^CMD \["node", "services\/dist\/main\.js"\]$/m);
    expect(runtime).not.toMatch(/tsx|\.ts\b/);
  });

  it("runs as an unprivileged user and checks its own health on /readyz with node, no curl", () => {
    const user = runtime.match(/^USER (\S+)$/m)?.[1];
    expect(user).toBeDefined();
    expect(["root", "0"]).not.toContain(user);
    expect(runtime.indexOf(`USER ${user}`)).toBeLessThan(runtime.indexOf("CMD ["));
    const healthcheck = runtime.match(/^HEALTHCHECK .* CMD (\[.*\])$/m)?.[1] ?? "[]";
    const [command, ...args] = JSON.parse(healthcheck);
    expect(command).toBe("node");
    expect(args.join(" ")).toContain("/readyz");
  });

  it("docker-compose.yml builds the Dockerfile rather than an image written inline", () => {
    for (const name of ["app", "app-kurrent"]) {
      expect([name, compose.services[name].build]).toEqual([name, "."]);
    }
    expect(readFileSync(join(REPO_ROOT, "docker-compose.yml"), "utf8")).not.toContain("dockerfile_inline");
  });

  it("KurrentDB is pinned to a version and keeps its events in a named volume, as PostgreSQL keeps the read models", () => {
    const kurrentdb = compose.services.kurrentdb;
    expect(kurrentdb.image).toMatch(/:\d+\.\d+(\.\d+)?$/);
    const volume = kurrentdb.volumes?.find((v) => v.endsWith(":/var/lib/kurrentdb"))?.split(":")[0];
    expect(volume).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toEqual(expect.arrayContaining([String(volume), "postgres-data"]));
  });

  it("the apps' environment is made of variables the app reads, with values its configuration accepts", () => {
    const known = Object.keys(ConfigSchema.in.shape);
    for (const name of ["app", "app-kurrent"]) {
      const environment = interpolated(compose.services[name].environment ?? {});
      expect([name, Object.keys(environment).filter((key) => !known.includes(key))]).toEqual([name, []]);
      expect(() => loadConfig(environment)).not.toThrow();
    }
    expect(loadConfig(interpolated(compose.services["app-kurrent"].environment ?? {})).EVENTSTORE_URL).toMatch(
      /^esdb:\/\/kurrentdb:2113/,
    );
  });
});

describe("security 22: Node 24 LTS, not the end-of-life Node 20", () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8"));

  it("every stage of the image runs Node 24", () => {
    expect(stages.map((stage) => /^node:(\d+)-/.exec(stage)?.[1])).toEqual(stages.map(() => "24"));
  });

  it("package.json names Node 24 in engines and builds against Node 24's types", () => {
    expect(pkg.engines.node).toMatch(/^>=24\.\d+/);
    expect(pkg.devDependencies["@types/node"]).toMatch(/^\^24\./);
  });
});
