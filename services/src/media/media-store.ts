import { type Kysely, sql } from "kysely";
import type { Database } from "@shop/projections";
import { underStartupMigrationLock } from "../platform/startup-migration.ts";

// Uploaded images live in tables of their own, not the event log: megabytes of bytes would swell
// every replay, and an image is addressed by its content (a hash), so it never changes once stored.
// Every process reads the same rows, so any of them serves any image.

export interface StoredImage {
  hash: string;
  width: number;
  height: number;
  sourceType: string;
  sourceBytes: number;
  variants: { width: number; height: number; body: Buffer }[];
}

async function migrateMedia(db: Kysely<Database>): Promise<void> {
  await underStartupMigrationLock(db, async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS media (
      hash text PRIMARY KEY,
      width integer NOT NULL,
      height integer NOT NULL,
      source_type text NOT NULL,
      source_bytes integer NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS media_variants (
      hash text NOT NULL REFERENCES media (hash) ON DELETE CASCADE,
      width integer NOT NULL,
      height integer NOT NULL,
      body bytea NOT NULL,
      PRIMARY KEY (hash, width)
    )`.execute(trx);
  });
}

/** The media tables, created on first use (under the start-up migration lock, so processes do not race). */
export function mediaStore(db: Kysely<Database>) {
  let ready: Promise<void> | null = null;
  const migrated = () =>
    (ready ??= migrateMedia(db).catch((error) => {
      ready = null;
      throw error;
    }));
  return {
    /** The image's largest stored width and height, or null when it is not stored. */
    async find(hash: string): Promise<{ width: number; height: number; widths: number[] } | null> {
      await migrated();
      const rows = await db
        .selectFrom("media_variants")
        .select(["width", "height"])
        .where("hash", "=", hash)
        .orderBy("width")
        .execute();
      if (rows.length === 0) return null;
      const largest = rows[rows.length - 1];
      return { width: largest.width, height: largest.height, widths: rows.map((r) => r.width) };
    },
    /** Stores an image and its widths once; a second upload of the same bytes changes nothing. */
    async save(image: StoredImage, at: Date): Promise<void> {
      await migrated();
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("media")
          .values({
            hash: image.hash,
            width: image.width,
            height: image.height,
            source_type: image.sourceType,
            source_bytes: image.sourceBytes,
            created_at: at,
          })
          .onConflict((oc) => oc.column("hash").doNothing())
          .returning("hash")
          .executeTakeFirst();
        if (!inserted) return;
        await trx
          .insertInto("media_variants")
          .values(image.variants.map((v) => ({ hash: image.hash, width: v.width, height: v.height, body: v.body })))
          .execute();
      });
    },
    /** One stored width's WebP bytes: one indexed SELECT. */
    async variant(hash: string, width: number): Promise<Buffer | null> {
      await migrated();
      const row = await db
        .selectFrom("media_variants")
        .select("body")
        .where("hash", "=", hash)
        .where("width", "=", width)
        .executeTakeFirst();
      return row ? Buffer.from(row.body) : null;
    },
  };
}
export type MediaStore = ReturnType<typeof mediaStore>;
