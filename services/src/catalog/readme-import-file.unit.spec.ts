import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCatalogFile } from "./catalog-import.ts";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");

describe("the README's catalog import file", () => {
  it("spec 15: the example in 'Catalog import file' has discounts and campaigns import-catalog accepts", () => {
    const section = readme.slice(readme.indexOf("## Catalog import file"));
    const example = section.match(/```json\n([\s\S]*?)\n```/)?.[1];
    expect(example).toBeDefined();
    // Products and SKUs show placeholders ('… (required)'); the offers are real values.
    const { discounts, campaigns } = JSON.parse(example!);
    const parsed = parseCatalogFile({ discounts, campaigns });
    expect(parsed.discounts.map((d) => d.code)).toEqual(["SHIPFREE"]);
    expect(parsed.campaigns.map((c) => c.slug)).toEqual(["ark-main"]);
  });
});
