import {
  fieldMessage,
  productStream,
  SkuInvalidError,
  skuCodeStream,
  skuStream,
  SkuCodeClaimed,
  WrongExpectedVersionError,
} from "@shop/shared";
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
import { createStreams, newStream, type NewStreamCommand, onceDecider } from "../platform/command-handler.ts";
import { newSku, productChanges, productFields, skuChanges } from "./catalog-input.ts";
import { decideProduct, productDecider } from "./product.ts";
import { decideSku, skuDecider } from "./sku.ts";

const skuCodeDecider = onceDecider([SkuCodeClaimed]);

export interface ImportReport {
  products: { created: number; changed: number; unchanged: number };
  skus: { created: number; changed: number; unchanged: number };
  events: number;
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

type ImportProduct = ParsedCatalogImportFile["products"][number];

/** Products per bulk append: about 2,000 events in one transaction for a generated catalog. */
const CHUNK = 500;

/**
 * Imports products and their SKUs, keeping the file's ids. Idempotent: a record that exists is
 * updated with the file's fields, and its decider appends events only for what differs, so a
 * second import of one file appends nothing. `onProgress` is told after each product (or chunk).
 *
 * Products come in chunks of CHUNK. A chunk whose products and SKUs all carry ids is first tried as
 * new: every stream decided from its empty state and created in one `createStreams` with `no-stream`
 * (a handful of statements for the whole chunk instead of about eight round trips per SKU). If any
 * of its streams exists (a re-import, an earlier import cut short) or a code is known to the read
 * model, nothing of it is written and it goes record by record, as each command does.
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
  const chunks: ImportProduct[][] = [];
  for (let i = 0; i < file.products.length; i += CHUNK) chunks.push(file.products.slice(i, i + CHUNK));
  // Chunks are independent streams: two at once (appendMany locks its streams in one order, so two
  // cannot deadlock); inside a chunk that goes record by record, several products at once.
  await inParallel(chunks, 2, async (chunk) => {
    const created = await createChunk(deps, chunk, actor);
    if (created) {
      for (const [kind, events] of created) count(kind, true, events);
      done += chunk.length;
      onProgress(done, total);
    } else await inParallel(chunk, options.concurrency ?? 8, importProduct);
  });
  for (const sku of file.skus) {
    await importSku(deps, sku, null, actor, count);
    onProgress(++done, total);
  }
  return report;
}

/**
 * Writes a chunk of new products and SKUs in one `createStreams` (`appendMany`), or answers null (nothing written) when
 * the chunk cannot go that way: an id missing, a code twice, a code or id the read model knows, or a
 * stream that exists. Answers what to count: one entry per record with its number of events.
 */
async function createChunk(
  deps: CatalogDeps,
  chunk: ImportProduct[],
  actor: Actor,
): Promise<Array<["products" | "skus", number]> | null> {
  const skus = chunk.flatMap((p) => p.skus);
  if (chunk.some((p) => p.id === undefined) || skus.some((s) => s.id === undefined)) return null;
  const codes = skus.map((s) => s.sku);
  if (new Set(codes).size !== codes.length) return null;
  const skuIds = skus.map((s) => s.id!);
  if (skuIds.length) {
    const known = await deps.db
      .selectFrom("skus")
      .select("id")
      .where((eb) => eb.or([eb("sku", "in", codes), eb("id", "in", skuIds)]))
      .limit(1)
      .execute();
    if (known.length) return null;
  }
  const now = deps.clock();
  const writes: NewStreamCommand[] = [];
  const counts: Array<["products" | "skus", number]> = [];
  for (const product of chunk) {
    const { skus: productSkus, id, ...fields } = product;
    const created = newStream(
      productStream(id!),
      productDecider,
      (s) =>
        decideProduct(
          { type: "CreateProduct", data: { id: id!, fields: productFields(fields), now, by: actor.by } },
          s,
        ),
      actor.metadata,
    );
    writes.push(created);
    counts.push(["products", created.events.length]);
    for (const sku of productSkus) {
      const { id: skuId, ...input } = sku;
      writes.push(
        newStream(
          skuCodeStream(input.sku),
          skuCodeDecider,
          () => [{ type: "SkuCodeClaimed" as const, data: { skuId: skuId!, code: input.sku } }],
          actor.metadata,
        ),
      );
      const decided = newStream(
        skuStream(skuId!),
        skuDecider,
        (s) =>
          decideSku(
            { type: "CreateSku", data: { id: skuId!, ...newSku({ ...input, product: id! }), now, by: actor.by } },
            s,
          ),
        actor.metadata,
      );
      writes.push(decided);
      counts.push(["skus", decided.events.length + 1]);
    }
  }
  try {
    await createStreams(deps.store, writes);
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return null;
    throw error;
  }
  await reserveId(deps.db, "product", Math.max(...chunk.map((p) => p.id!)));
  if (skuIds.length) await reserveId(deps.db, "sku", Math.max(...skuIds));
  return counts;
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
