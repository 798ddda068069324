import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(fileURLToPath(import.meta.url), "..", "..");
/** Folders of shared plumbing: whatever is not one of these (or a file at the top) is a feature. */
const NOT_FEATURES = new Set(["platform", "live", "testing", "eventstore", "ops"]);
const FEATURE_FOLDERS = readdirSync(SRC, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !NOT_FEATURES.has(e.name))
  .map((e) => e.name);

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourcesUnder(join(dir, e.name))
      : // Tests may drive a feature (a user, a demo record); the code they test may not.
        e.name.endsWith(".ts") && !e.name.endsWith(".spec.ts")
        ? [join(dir, e.name)]
        : [],
  );

/** Every module a file names: static imports and exports, `import type`, and dynamic `import()`. */
const specifiers = (source: string) =>
  [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g)].map((m) => m[1]);

describe("platform imports no feature", () => {
  it("finds the feature folders", () => {
    expect(FEATURE_FOLDERS).toEqual(expect.arrayContaining(["cart", "locks", "accounts", "content"]));
  });

  it("nothing under services/src/platform or services/src/live imports a feature folder", () => {
    const arrows = ["platform", "live"].flatMap((folder) =>
      sourcesUnder(join(SRC, folder)).flatMap((file) =>
        specifiers(readFileSync(file, "utf8"))
          .filter((spec) => spec.startsWith("."))
          .map((spec) => relative(SRC, resolve(file, "..", spec)).split(sep))
          .filter(([top, ...rest]) => rest.length > 0 && FEATURE_FOLDERS.includes(top))
          .map((target) => `${relative(SRC, file)} -> ${target.join("/")}`),
      ),
    );
    expect(arrows).toEqual([]);
  });
});
