import { createHash } from "node:crypto";
import { MEDIA_MESSAGES, MediaRefusedError } from "@shop/shared/media/errors";
import { MEDIA_MAX_BYTES } from "@shop/shared/media/images";
import type { MediaStore } from "./media-store.ts";
import { resizeImage } from "./resize-worker.ts";

export interface StoredMedia {
  hash: string;
  width: number;
  height: number;
  widths: number[];
}

/**
 * Stores an image's widths under the hash of its bytes (once: the same bytes again are found, not
 * resized). Refuses bytes that are not a picture sharp reads, over MEDIA_MAX_BYTES, or too many pixels.
 */
export async function storeImage(store: MediaStore, bytes: Buffer, at: Date): Promise<StoredMedia> {
  if (bytes.length > MEDIA_MAX_BYTES) throw new MediaRefusedError("MEDIA_TOO_LARGE", MEDIA_MESSAGES.tooLarge);
  if (bytes.length === 0) throw new MediaRefusedError("MEDIA_NOT_AN_IMAGE", MEDIA_MESSAGES.notAnImage);
  const hash = createHash("sha256").update(bytes).digest("hex");
  const found = await store.find(hash);
  if (found) return { hash, ...found };
  const resized = await resizeImage(bytes);
  if (!resized.ok)
    throw resized.reason === "too-many-pixels"
      ? new MediaRefusedError("MEDIA_TOO_LARGE", MEDIA_MESSAGES.tooManyPixels)
      : new MediaRefusedError("MEDIA_NOT_AN_IMAGE", MEDIA_MESSAGES.notAnImage);
  const { image } = resized;
  await store.save(
    {
      hash,
      width: image.width,
      height: image.height,
      sourceType: image.format,
      sourceBytes: bytes.length,
      variants: image.variants,
    },
    at,
  );
  return { hash, width: image.width, height: image.height, widths: image.variants.map((v) => v.width) };
}
