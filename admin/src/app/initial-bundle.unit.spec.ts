/// <reference types="node" />
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const admin = new URL("../..", import.meta.url).pathname;
const outDir = mkdtempSync(join(tmpdir(), "admin-dist-"));

/** The scripts a browser fetches for /admin/ before any interaction: the entry and its modulepreloads. */
function initialScripts(): string[] {
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const urls = [
    ...html.matchAll(/<script type="module"[^>]* src="([^"]+)"|<link rel="modulepreload"[^>]* href="([^"]+)"/g),
  ].map((m) => m[1] ?? m[2]);
  return urls.map((url) => url.replace(/^\/admin\//, ""));
}

describe("admin bundle", () => {
  beforeAll(async () => {
    // The production build with the project's config (its bundle-sizes plugin fails it over budget);
    // vitest sets NODE_ENV=test, which would build React's development code.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await build({ root: admin, mode: "production", logLevel: "warn", build: { outDir, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it("code health 9: the login and list pages load under 250 kB of gzipped JavaScript, CodeMirror on demand", () => {
    const scripts = initialScripts();
    const gzipped = scripts.reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length,
      0,
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzipped).toBeLessThan(250_000);
    // CodeMirror's view module sets up the editor's ".cm-content" styles: none of it is in the first load,
    // it comes with the node form's own chunk when a form opens.
    const withCodeMirror = readdirSync(join(outDir, "assets")).filter(
      (file) => file.endsWith(".js") && readFileSync(join(outDir, "assets", file), "utf8").includes(".cm-content"),
    );
    expect(withCodeMirror).toEqual([expect.stringMatching(/^CodeEditor-/)]);
    expect(scripts).not.toContain(`assets/${withCodeMirror[0]}`);
    const main = readFileSync(join(outDir, scripts[0]), "utf8");
    expect(main.includes("assets/ContentNodeFormPage-")).toBe(true);
  });
});
