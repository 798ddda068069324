import { readFile, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { SingleBar } from "cli-progress";
import { campaignsProjection, catalogProjection, migrateProjection } from "@shop/projections";
import { DomainError } from "@shop/shared";
import { importCampaigns } from "../campaigns/campaign-import.ts";
import { generateCatalog } from "../catalog/catalog-generator.ts";
import { ImportFileError, importCatalog, parseCatalogFile } from "../catalog/catalog-import.ts";
import { importDiscounts } from "../discounts/discount-import.ts";
import { storeImportImages } from "../media/import-images.ts";
import { catchUpIfNoServer } from "./catch-up.ts";
import { OpsError, type OpsContext } from "./ops-context.ts";

/**
 * `import-catalog FILE.json`: campaigns first (SKUs name them), then products and SKUs with the file's
 * ids, then discounts (they name SKUs). A re-import appends only what differs.
 */
export async function importCatalogFile(
  ctx: OpsContext,
  { file }: { file: string },
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
): Promise<string> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new OpsError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let parsed: ReturnType<typeof parseCatalogFile>;
  try {
    parsed = parseCatalogFile(json);
  } catch (error) {
    if (error instanceof ImportFileError) throw new OpsError(error.message, 2);
    throw error;
  }
  // The import reads the catalog's and campaigns' read models (codes from before claims, ids in use): make them current.
  await migrateProjection(ctx.database.db, catalogProjection);
  await migrateProjection(ctx.database.db, campaignsProjection);
  await catchUpIfNoServer(ctx);
  // Images named by a file beside the import file are stored (and resized) before any record is written.
  const images = await storeImportImages(parsed, dirname(resolve(file)), {
    db: ctx.database.db,
    clock: () => new Date(),
  });
  if (images.problems.length > 0) throw new OpsError(images.problems.join("\n"), 2);
  const bar = new SingleBar(
    {
      format: "import-catalog   [{bar}] {value}/{total} products  {rate}/s",
      stream: out,
      hideCursor: true,
      noTTYOutput: !out.isTTY,
      notTTYSchedule: 1000,
    },
    undefined,
  );
  const started = performance.now();
  const catalogRecords = parsed.products.length + parsed.skus.length;
  bar.start(parsed.campaigns.length + catalogRecords + parsed.discounts.length, 0, { rate: 0 });
  const progress = (done: number) =>
    bar.update(done, { rate: Math.round(done / Math.max((performance.now() - started) / 1000, 0.001)) });
  const deps = { store: ctx.store, db: ctx.database.db, clock: () => new Date() };
  const metadata = { userId: null, correlationId: "ops-import-catalog" };
  const imported = async () => {
    const campaigns = await importCampaigns(deps, parsed.campaigns, metadata);
    progress(parsed.campaigns.length);
    const report = await importCatalog(deps, parsed, { by: null, metadata }, (done) =>
      progress(parsed.campaigns.length + done),
    );
    const discounts = await importDiscounts(deps, parsed.discounts, metadata);
    progress(parsed.campaigns.length + catalogRecords + parsed.discounts.length);
    return { report, campaigns, discounts };
  };
  const { report, campaigns, discounts } = await imported()
    .catch((error) => {
      if (error instanceof DomainError)
        throw new OpsError(
          [error.message, ...Object.entries(error.fields).map(([f, m]) => `${f}: ${m.join(" ")}`)].join(" "),
        );
      throw error;
    })
    .finally(() => bar.stop());
  await catchUpIfNoServer(ctx);
  const line = (kind: string, c: { created: number; changed: number; unchanged: number }) =>
    `${kind}: ${c.created} created, ${c.changed} changed, ${c.unchanged} unchanged`;
  return [
    line("products", report.products),
    line("SKUs", report.skus),
    line("discounts", discounts),
    line("campaigns", campaigns),
    `${report.events + discounts.events + campaigns.events} events appended in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  ].join("\n");
}

/** `generate-catalog --products N [--seed S] [--out FILE]`: writes a random catalog file (stdout without --out). */
export async function writeGeneratedCatalog(options: {
  products: number;
  seed: number;
  out?: string;
}): Promise<string> {
  const file = generateCatalog({
    products: options.products,
    seed: options.seed,
    today: new Date().toISOString().slice(0, 10),
  });
  const text = JSON.stringify(file);
  if (!options.out) return text;
  await writeFile(options.out, text);
  const skus = (file.products ?? []).reduce((n, p) => n + (p.skus?.length ?? 0), 0);
  return `Wrote ${options.products} products and ${skus} SKUs to ${options.out}`;
}

export function checkGenerateOptions(v: { products?: string; seed?: string; out?: string }) {
  const products = Number(v.products);
  if (!Number.isInteger(products) || products < 1 || products > 10_000_000)
    throw new OpsError(`--products must be a whole number from 1, not '${v.products ?? ""}'`, 2);
  const seed = v.seed === undefined ? 1 : Number(v.seed);
  if (!Number.isInteger(seed)) throw new OpsError(`--seed must be a whole number, not '${v.seed}'`, 2);
  return { products, seed, out: v.out };
}
