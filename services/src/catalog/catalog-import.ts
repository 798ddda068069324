import { fieldMessage, productStream, SkuInvalidError, skuStream } from "@shop/shared";
import { CatalogImportFile, type ImportSku, type ParsedCatalogImportFile } from "@shop/shared/catalog/import-file";
import { issuesToErrorLines } from "../platform/http/validate.ts";
import {
  codeClaimedBy,
  createProduct,
  createSku,
  reserveId,
  updateProduct,
  updateSku,
  type Actor,
  type CatalogDeps,
} from "./catalog-commands.ts";
import { newSku, productChanges, productFields, skuChanges } from "./catalog-input.ts";

export interface ImportReport {
  products: { created: number; changed: number; unchanged: number };
  skus: { created: number; changed: number; unchanged: number };
  events: number;
  /** Discounts and campaigns in the file, left to their own features' import. */
  skipped: { discounts: number; campaigns: number };
}

/** A file that does not match the format: 'path: message' lines. */
export class ImportFileError extends Error {
  constructor(readonly lines: string[]) {
    super(`The catalog file does not match the format:\n${lines.join("\n")}`);
  }
}

export function parseCatalogFile(json: unknown): ParsedCatalogImportFile {
  const parsed = CatalogImportFile.safeParse(json);
  if (!parsed.success) throw new ImportFileError(issuesToErrorLines(parsed.error.issues).slice(0, 20));
  return parsed.data;
}

const exists = async (deps: CatalogDeps, stream: string) => (await deps.store.readStream(stream)).length > 0;

/**
 * Imports products and their SKUs, keeping the file's ids. Idempotent: a record that exists is
 * updated with the file's fields, and its decider appends events only for what differs, so a
 * second import of one file appends nothing. `onProgress` is told after each product.
 */
export async function importCatalog(
  deps: CatalogDeps,
  file: ParsedCatalogImportFile,
  actor: Actor,
  onProgress: (done: number, total: number) => void = () => {},
  options: { concurrency?: number } = {},
): Promise<ImportReport> {
  const report: ImportReport = {
    products: { created: 0, changed: 0, unchanged: 0 },
    skus: { created: 0, changed: 0, unchanged: 0 },
    events: 0,
    skipped: { discounts: file.discounts.length, campaigns: file.campaigns.length },
  };
  const count = (kind: "products" | "skus", created: boolean, events: number) => {
    report[kind][created ? "created" : events ? "changed" : "unchanged"]++;
    report.events += events;
  };
  const total = file.products.length + file.skus.length;
  let done = 0;
  const importProduct = async (product: ParsedCatalogImportFile["products"][number]) => {
    const { skus, id: givenId, ...fields } = product;
    let id: number;
    if (givenId !== undefined && (await exists(deps, productStream(givenId)))) {
      id = givenId;
      const { events } = await updateProduct(deps, id, productChanges(fields), undefined, actor);
      count("products", false, events.length);
    } else {
      const created = await createProduct(deps, givenId ?? null, productFields(fields), actor);
      id = created.id;
      if (givenId !== undefined) await reserveId(deps.db, "product", givenId);
      count("products", true, created.events.length);
    }
    for (const sku of skus) await importSku(deps, sku, id, actor, count);
    onProgress(++done, total);
  };
  // Products are independent streams: several at once (PostgreSQL takes them in parallel; PGlite in turn).
  await inParallel(file.products, options.concurrency ?? 8, importProduct);
  for (const sku of file.skus) {
    await importSku(deps, sku, null, actor, count);
    onProgress(++done, total);
  }
  return report;
}

async function importSku(
  deps: CatalogDeps,
  sku: ImportSku,
  productId: number | null,
  actor: Actor,
  count: (kind: "skus", created: boolean, events: number) => void,
) {
  const { id: givenId, ...input } = sku;
  // A SKU without an id in the file is found again by its code.
  const claimedBy = await codeClaimedBy(deps.store, input.sku);
  if (givenId !== undefined && claimedBy !== null && claimedBy !== givenId)
    throw new SkuInvalidError(
      fieldMessage("sku", `SKU ${givenId}: the code ${input.sku} belongs to SKU ${claimedBy}.`),
    );
  const id = givenId ?? claimedBy;
  if (id !== null && (await exists(deps, skuStream(id)))) {
    const { events } = await updateSku(deps, id, skuChanges({ ...input, product: productId }), undefined, actor);
    return count("skus", false, events.length);
  }
  const known = { productExists: true as const, claimedBy };
  const created = await createSku(deps, id, newSku({ ...input, product: productId }), actor, known);
  if (id !== null) await reserveId(deps.db, "sku", id);
  count("skus", true, created.events.length + (claimedBy === null ? 1 : 0));
}

/** Runs `work` over `items` with at most `limit` at a time; the first failure stops taking new items. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
