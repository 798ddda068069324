import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { MEDIA_WIDTHS } from "@shop/shared/media/images";

// sharp (libvips) is loaded only here, in a worker thread started for one upload and ended after it:
// the server that never resizes never loads it, and the one that did returns the worker's heap once
// the upload is stored. Uploads resize one at a time, so at most one image is decoded at once.

export interface Resized {
  format: string;
  width: number;
  height: number;
  variants: { width: number; height: number; body: Buffer }[];
}

export type ResizeResult = { ok: true; image: Resized } | { ok: false; reason: "not-an-image" | "too-many-pixels" };

/** Pixels an upload may have (40 megapixels: a 7,000 × 5,700 photo); decoding more costs too much memory. */
export const MAX_PIXELS = 40_000_000;
const FORMATS = ["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"];

// Plain JavaScript run with `eval`, so the same code works from the sources (tsx, vitest) and from
// the server's esbuild bundle, which has no file of its own for a worker.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const sharp = require(workerData.sharpPath);
sharp.cache(false);
sharp.concurrency(1);
(async () => {
  const { bytes, widths, formats, maxPixels } = workerData;
  const input = Buffer.from(bytes);
  let meta;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return parentPort.postMessage({ ok: false, reason: "not-an-image" });
  }
  if (!formats.includes(meta.format) || !meta.width || !meta.height)
    return parentPort.postMessage({ ok: false, reason: "not-an-image" });
  if (meta.width * meta.height > maxPixels) return parentPort.postMessage({ ok: false, reason: "too-many-pixels" });
  const upright = (meta.orientation ?? 1) >= 5;
  const width = upright ? meta.height : meta.width;
  const largest = Math.min(width, widths[widths.length - 1]);
  const targets = [...widths.filter((w) => w < largest), largest];
  const variants = [];
  try {
    for (const target of targets) {
      const { data, info } = await sharp(input, { limitInputPixels: maxPixels })
        .rotate()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, body: data });
    }
  } catch {
    return parentPort.postMessage({ ok: false, reason: "not-an-image" });
  }
  const top = variants[variants.length - 1];
  parentPort.postMessage({ ok: true, image: { format: meta.format, width: top.width, height: top.height, variants } });
})();
`;

let queue: Promise<unknown> = Promise.resolve();

/** Reads and resizes one upload in a fresh worker thread, after any upload already resizing. */
export function resizeImage(bytes: Buffer): Promise<ResizeResult> {
  const run = () =>
    new Promise<ResizeResult>((resolve, reject) => {
      const sharpPath = createRequire(import.meta.url).resolve("sharp");
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { sharpPath, bytes, widths: [...MEDIA_WIDTHS], formats: FORMATS, maxPixels: MAX_PIXELS },
        resourceLimits: { maxOldGenerationSizeMb: 64 },
      });
      worker.once("message", (result: ResizeResult) => {
        if (result.ok) for (const v of result.image.variants) v.body = Buffer.from(v.body);
        resolve(result);
        void worker.terminate();
      });
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`The image worker stopped (exit code ${code}).`)));
    });
  const next = queue.then(run, run);
  queue = next.catch(() => {});
  return next;
}
