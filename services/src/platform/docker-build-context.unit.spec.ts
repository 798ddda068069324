import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../server.ts";

/** The .dockerignore patterns as regular expressions (`**` any folders, `*` within one name). */
function ignoredBy(file: string): (path: string) => boolean {
  const patterns = readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map(
      (p) =>
        new RegExp(
          `^${p
            .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
            .replace(/\*\*\//g, "\0")
            .replace(/\*/g, "[^/]*")
            .replace(/\0/g, "(.*/)?")}(/.*)?$`,
        ),
    );
  return (path) => patterns.some((p) => p.test(path));
}

describe("the Docker build context leaves out what the image makes itself or must not hold", () => {
  const ignored = ignoredBy(join(REPO_ROOT, ".dockerignore"));

  it("leaves out dependencies, build output, the data folder, test reports and git", () => {
    const left = [
      "node_modules/kysely/package.json",
      "admin/node_modules/.bin/vite",
      "web/src/node_modules/x",
      "admin/dist/index.html",
      "web/dist/app.js",
      "data/pglite/PG_VERSION",
      "test-results/a.png",
      "playwright-report/index.html",
      ".git/HEAD",
      ".env",
      ".env.production",
    ];
    expect(left.filter((path) => !ignored(path))).toEqual([]);
  });

  it("code health 7: keeps every source the Dockerfile copies from the checkout", () => {
    const dockerfile = readFileSync(join(REPO_ROOT, "Dockerfile"), "utf8");
    // COPY --from=build takes the build stage's output, not the context.
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1].split(/\s+/));
    expect(copied).toEqual(
      expect.arrayContaining(["package-lock.json", "services", "scripts", "services/package.json"]),
    );
    const samples = copied.flatMap((source) =>
      source.includes(".") ? [source] : [`${source}/package.json`, `${source}/src/index.ts`],
    );
    expect(samples.filter(ignored)).toEqual([]);
  });
});
