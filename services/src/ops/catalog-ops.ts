import { readFile, writeFile } from "node:fs/promises";
import { SingleBar } from "cli-progress";
import { catalogProjection, migrateProjection } from "@shop/projections";
import { DomainError } from "@shop/shared";
import { generateCatalog } from "../catalog/catalog-generator.ts";
import { ImportFileError, importCatalog, parseCatalogFile } from "../catalog/catalog-import.ts";
import { catchUpIfNoServer } from "./catch-up.ts";
import { OpsError, type OpsContext } from "./ops-context.ts";

/** `import-catalog FILE.json`: products and SKUs with the file's ids; a re-import appends only what differs. */
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
  // The import reads the catalog's read model (codes from before claims, the next free ids): make it current.
  await migrateProjection(ctx.database.db, catalogProjection);
  await catchUpIfNoServer(ctx);
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
  bar.start(parsed.products.length + parsed.skus.length, 0, { rate: 0 });
  const deps = { store: ctx.store, db: ctx.database.db, clock: () => new Date() };
  const report = await importCatalog(
    deps,
    parsed,
    { by: null, metadata: { userId: null, correlationId: "ops-import-catalog" } },
    (done) => bar.update(done, { rate: Math.round(done / Math.max((performance.now() - started) / 1000, 0.001)) }),
  )
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
  const skipped = report.skipped.discounts + report.skipped.campaigns;
  return [
    line("products", report.products),
    line("SKUs", report.skus),
    `${report.events} events appended in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    ...(skipped
      ? [
          `skipped ${report.skipped.discounts} discounts and ${report.skipped.campaigns} campaigns (not imported by the catalog)`,
        ]
      : []),
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
