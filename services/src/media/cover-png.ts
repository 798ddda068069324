import { createHash } from "node:crypto";
import { COVER_HEIGHT, COVER_WIDTH } from "@shop/shared/media/images";
import type { MediaStore } from "./media-store.ts";
import { svgToPng } from "./resize-worker.ts";

/**
 * A cover's PNG drawing (for link previews), drawn once per cover by the image worker and kept in the
 * media tables under the hash of what it draws, so every process serves it and no request draws it
 * twice. Only a product's current cover is drawn, so the work is bounded by the number of products.
 */
export async function coverPng(store: MediaStore, svg: string, at: Date): Promise<Buffer> {
  const hash = createHash("sha256").update(`cover.png\u0000${svg}`).digest("hex");
  const stored = await store.variant(hash, COVER_WIDTH);
  if (stored) return stored;
  const body = await svgToPng(svg);
  await store.save(
    {
      hash,
      width: COVER_WIDTH,
      height: COVER_HEIGHT,
      sourceType: "svg",
      sourceBytes: Buffer.byteLength(svg),
      variants: [{ width: COVER_WIDTH, height: COVER_HEIGHT, body }],
    },
    at,
  );
  return body;
}
