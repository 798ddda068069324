import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { oas31 } from "zod-openapi";
import { scriptTheShop } from "@shop/shared/api-client/script-the-shop.example";
import { FEATURES } from "../../features.ts";
import type { RunningServer } from "../../server.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../../testing/test-server.ts";
import { servedDocument } from "./write-document.ts";

const ROOT = join(import.meta.dirname, "../../../..");
const TOOLS = join(ROOT, "tools/openapi/node_modules/.bin");

describe("code health 6: the published document is linted, named and made into a typed client", () => {
  let document: oas31.OpenAPIObject;
  let file: string;
  beforeAll(async () => {
    document = await servedDocument("https://shop.example.org");
    // Where .redocly.lint-ignore.yaml expects it (api/ is git-ignored).
    file = join(ROOT, "api", "openapi.json");
    execFileSync("mkdir", ["-p", join(ROOT, "api")]);
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  });

  it("code health 6: redocly lint with the checked-in config finds no error and no warning", () => {
    const lint = spawnSync(join(TOOLS, "redocly"), ["lint", "api/openapi.json", "--format=summary"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    const output = `${lint.stdout}\n${lint.stderr}`;
    expect(output).not.toMatch(/\b[1-9]\d* (errors?|warnings?)\b/);
    expect([lint.status, output]).toEqual([0, expect.stringContaining("validated")]);
  });

  it("code health 6: every operation has a unique featureVerbNoun operationId, a feature tag, and the server is SITE_URL", () => {
    const operations = Object.values(document.paths ?? {}).flatMap((item) =>
      ["get", "post", "put", "delete"].flatMap((m) => {
        const op = (item as Record<string, oas31.OperationObject | undefined>)[m];
        return op ? [op] : [];
      }),
    );
    expect(operations.length).toBeGreaterThan(150);
    const ids = operations.map((op) => op.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]+$/.test(id ?? ""))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const tags = new Set([...FEATURES.map((f) => f.name), "operations", "reference"]);
    expect(operations.filter((op) => !tags.has(op.tags?.[0] ?? ""))).toEqual([]);
    expect(document.paths?.["/api/store/shop/full-cart/"]?.put?.operationId).toBe("cartPutFullCart");
    expect(document.servers).toEqual([{ url: "https://shop.example.org" }]);
  });

  it("code health 6: the typed client's types are generated from the current document (npm run api:client)", () => {
    const out = join(mkdtempSync(join(tmpdir(), "shop-api-")), "shop-api.ts");
    execFileSync(join(TOOLS, "openapi-typescript"), [file, "-o", out], { cwd: ROOT, stdio: "pipe" });
    const committed = readFileSync(join(ROOT, "shared/src/api-client/shop-api.ts"), "utf8");
    expect(readFileSync(out, "utf8") === committed, "shop-api.ts is stale: run `npm run api:client`").toBe(true);
  });
});

describe("code health 6: the README's script runs with the typed client", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place, { demoData: true });
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("code health 6: scriptTheShop lists products, adds one to a cart and reads the cart back", async () => {
    const result = await scriptTheShop(server.url);
    expect(result).toMatchObject({ items: 1, sku: expect.any(String), subtotal: expect.stringMatching(/^\d+\.\d\d$/) });
  });
});
