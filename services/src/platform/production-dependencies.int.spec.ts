import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildServices } from "../../../scripts/build-services.mjs";
import { REPO_ROOT } from "../server.ts";

/** The package names the bundles import from node_modules (esbuild leaves every non-@shop package external). */
function externalPackages(dist: string): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(dist).filter((name) => name.endsWith(".js"))) {
    const code = readFileSync(join(dist, file), "utf8");
    for (const [, specifier] of code.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g,
    )) {
      const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
      if (!name.startsWith("node:") && !builtinModules.includes(name)) names.add(name);
    }
  }
  return [...names].sort();
}

function dependenciesOf(workspace: string): string[] {
  return Object.keys(JSON.parse(readFileSync(join(REPO_ROOT, workspace, "package.json"), "utf8")).dependencies ?? {});
}

describe("code health 7: the image's `npm ci --omit=dev --workspace services` holds what the bundle imports", () => {
  it("every package the bundle leaves external is a production dependency of services or of a workspace it bundles", {
    timeout: 60_000,
  }, async () => {
    await buildServices();
    const external = externalPackages(join(REPO_ROOT, "services", "dist"));
    expect(external).toEqual(expect.arrayContaining(["@electric-sql/pglite", "@node-rs/argon2", "express", "pg"]));
    // npm installs services' dependencies and, through the @shop/* links, those of shared and projections.
    const installed = new Set(["services", "shared", "projections"].flatMap(dependenciesOf));
    expect(external.filter((name) => !installed.has(name))).toEqual([]);
  });
});
