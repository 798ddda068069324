import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { DomainError } from "@shop/shared";
import type { ParsedCatalogImportFile } from "@shop/shared/catalog/import-file";
import { mediaUrl } from "@shop/shared/media/images";
import { mediaStore } from "./media-store.ts";
import { storeImage } from "./store-image.ts";

/** A URL of the site (`/media/…`) or of another (`https://…`); anything else names a file. */
const isUrl = (url: string) => url.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(url);

/**
 * The import file's product images that name a file beside it (`"url": "covers/ark.jpg"`) are
 * stored as uploads are (by hash, resized) and replaced by their URL, before the catalog import.
 * A file that is missing or not an image stops the import with its place in the file.
 */
export async function storeImportImages(
  file: ParsedCatalogImportFile,
  baseDir: string,
  deps: { db: Kysely<Database>; clock: () => Date },
): Promise<{ stored: number; problems: string[] }> {
  const store = mediaStore(deps.db);
  const done = new Map<string, string>();
  const problems: string[] = [];
  for (const [p, product] of file.products.entries()) {
    for (const [i, image] of (product.images ?? []).entries()) {
      if (isUrl(image.url)) continue;
      const path = resolve(baseDir, image.url);
      let url = done.get(path);
      if (url === undefined) {
        try {
          const stored = await storeImage(store, await readFile(path), deps.clock());
          url = mediaUrl(stored.hash, stored.width);
          done.set(path, url);
        } catch (error) {
          const message = error instanceof DomainError ? error.message : `Cannot read ${path}.`;
          problems.push(`products.${p}.images.${i}.url: ${message}`);
          continue;
        }
      }
      image.url = url;
    }
  }
  return { stored: done.size, problems };
}
