import { sql, type Kysely } from "kysely";
import {
  fieldMessage,
  ProductExistsError,
  productStream,
  SkuCodeClaimed,
  SkuExistsError,
  SkuInvalidError,
  skuCodeStream,
  skuStream,
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type ProductFields,
  type SkuFields,
  type SkuPrice,
  type SkuStock,
  type UserRef,
} from "@shop/shared";
import type { Database } from "@shop/projections";
import { commandHandler, onceDecider, RETRY, runCommand } from "../platform/command-handler.ts";
import { decideProduct, productDecider } from "./product.ts";
import { decideSku, skuDecider, type SkuChanges } from "./sku.ts";

// The catalog's commands, shared by the back office's REST and the import: each loads its stream,
// decides, appends with the stream's version. Ids come from the counters unless the caller keeps its own.

/** Products and SKUs are back-office records, rarely saved by two at once: one fresh try. */
const productCommand = commandHandler(productDecider, RETRY.once);
const skuCommand = commandHandler(skuDecider, RETRY.once);
const skuCodeDecider = onceDecider([SkuCodeClaimed]);

export interface CatalogDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
}

export interface Actor {
  by: UserRef | null;
  metadata: EventMetadata;
}

/**
 * The next id of a kind, past every id the read model already holds: SKUs and products written with
 * their own ids (the lookups' first SKUs, an import) never bumped the counter.
 */
async function nextId(db: Kysely<Database>, kind: "product" | "sku"): Promise<number> {
  const table = sql.table(kind === "product" ? "products" : "skus");
  const { rows } = await sql<{ last_id: string }>`INSERT INTO id_counters (kind, last_id)
    VALUES (${kind}, (SELECT coalesce(max(id), 0) + 1 FROM ${table}))
    ON CONFLICT (kind) DO UPDATE SET last_id = GREATEST(id_counters.last_id + 1, (SELECT coalesce(max(id), 0) + 1 FROM ${table}))
    RETURNING last_id::text AS last_id`.execute(db);
  return Number(rows[0].last_id);
}

/** Bumps a counter past an id given from outside (an import), so later creates do not collide with it. */
export async function reserveId(db: Kysely<Database>, kind: "product" | "sku", id: number): Promise<void> {
  await sql`INSERT INTO id_counters (kind, last_id) VALUES (${kind}, ${id})
    ON CONFLICT (kind) DO UPDATE SET last_id = GREATEST(id_counters.last_id, ${id})`.execute(db);
}

/** Creates a product; a taken id (its stream exists) is retried with the next one when the id was not given. */
export async function createProduct(deps: CatalogDeps, givenId: number | null, fields: ProductFields, actor: Actor) {
  for (let attempt = 1; ; attempt++) {
    const id = givenId ?? (await nextId(deps.db, "product"));
    try {
      const result = await productCommand(
        deps.store,
        productStream(id),
        (s) => decideProduct({ type: "CreateProduct", data: { id, fields, now: deps.clock(), by: actor.by } }, s),
        { metadata: actor.metadata },
      );
      return { id, ...result };
    } catch (error) {
      if (givenId !== null || attempt >= 5 || !(error instanceof ProductExistsError)) throw error;
    }
  }
}

export function updateProduct(
  deps: CatalogDeps,
  id: number,
  changes: Partial<ProductFields>,
  expectedVersion: number | undefined,
  actor: Actor,
) {
  return productCommand(
    deps.store,
    productStream(id),
    (s) =>
      decideProduct({ type: "UpdateProduct", data: { changes, expectedVersion, now: deps.clock(), by: actor.by } }, s),
    { metadata: actor.metadata },
  );
}

const duplicateCode = () => new SkuInvalidError(fieldMessage("sku", "A SKU with this code already exists."));
const unknownProduct = () =>
  new SkuInvalidError(
    fieldMessage("product", "Select a valid choice. That choice is not one of the available choices."),
  );

export async function refuseUnknownProduct(store: EventStore, productId: number | null | undefined) {
  if (productId !== null && productId !== undefined && (await store.readStream(productStream(productId))).length === 0)
    throw unknownProduct();
}

export interface NewSku {
  code: string;
  fields: SkuFields;
  price: SkuPrice;
  stock: SkuStock;
}

/**
 * Creates a SKU: its code is claimed on the log first (two creates of one code: one wins), and a
 * code from before claims (the lookups' SKUs) is found in the read model.
 */
export async function createSku(
  deps: CatalogDeps,
  givenId: number | null,
  sku: NewSku,
  actor: Actor,
  /** The import has just written the product and read the code's claim: it passes what it knows. */
  known: { productExists: true; claimedBy: number | null } | null = null,
) {
  if (!known) await refuseUnknownProduct(deps.store, sku.fields.productId);
  const legacy = await deps.db.selectFrom("skus").select("id").where("sku", "=", sku.code).executeTakeFirst();
  if (legacy && legacy.id !== givenId) throw duplicateCode();
  const claimedBy = known ? known.claimedBy : await codeClaimedBy(deps.store, sku.code);
  if (claimedBy !== null && claimedBy !== givenId) throw duplicateCode();
  let id = claimedBy ?? givenId;
  for (let attempt = 1; id === null; attempt++) {
    const candidate = await nextId(deps.db, "sku");
    if ((await deps.store.readStream(skuStream(candidate))).length === 0) id = candidate;
    else if (attempt >= 5) throw new SkuExistsError();
  }
  const skuId = id;
  if (claimedBy === null) {
    try {
      await runCommand(
        deps.store,
        skuCodeStream(sku.code),
        skuCodeDecider,
        RETRY.refuse, // two creates of one code: the first claim wins
        () => [{ type: "SkuCodeClaimed" as const, data: { skuId, code: sku.code } }],
        { metadata: actor.metadata, assumeNew: true },
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw duplicateCode();
      throw error;
    }
  }
  const result = await skuCommand(
    deps.store,
    skuStream(skuId),
    (s) => decideSku({ type: "CreateSku", data: { id: skuId, ...sku, now: deps.clock(), by: actor.by } }, s),
    { metadata: actor.metadata },
  );
  return { id: skuId, ...result };
}

/** The SKU id a code is claimed for, or null. */
export async function codeClaimedBy(store: EventStore, code: string): Promise<number | null> {
  const claim = await store.readStream(skuCodeStream(code));
  return claim.length ? (claim[0].data as { skuId: number }).skuId : null;
}

export async function updateSku(
  deps: CatalogDeps,
  id: number,
  changes: SkuChanges,
  expectedVersion: number | undefined,
  actor: Actor,
) {
  await refuseUnknownProduct(deps.store, changes.fields?.productId);
  return skuCommand(
    deps.store,
    skuStream(id),
    (s) => decideSku({ type: "UpdateSku", data: { changes, expectedVersion, now: deps.clock(), by: actor.by } }, s),
    { metadata: actor.metadata },
  );
}
