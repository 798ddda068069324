import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { MEDIA_WIDTHS } from "@shop/shared/media/images";

// sharp (libvips) is loaded only here, in a worker process started for one upload and ended after it.
// A process, not a thread: a worker thread shares the server's memory, and its isolate, libvips and
// the decoded image took the server from about 170 MiB to 206-214 MiB while a photo was resized
// (measured, docs/decisions.md); in a child process they never count against the server and are all
// returned when it exits. Uploads resize one at a time, so at most one image is decoded at once.

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

// Plain JavaScript run with `node -e`, so the same code works from the sources (tsx, vitest) and from
// the server's esbuild bundle, which has no file of its own for a worker.
const WORKER_SOURCE = `
const parentPort = { postMessage: (result) => process.send(result, () => process.exit(0)) };
process.once("message", async (job) => {
  const sharp = require(job.sharpPath);
  sharp.cache(false);
  sharp.concurrency(1);
  if (job.kind === "svg-to-png") {
    try {
      const body = await sharp(Buffer.from(job.svg), { limitInputPixels: job.maxPixels }).png({ compressionLevel: 9 }).toBuffer();
      return parentPort.postMessage({ ok: true, body });
    } catch {
      return parentPort.postMessage({ ok: false, reason: "not-an-image" });
    }
  }
  const { bytes, widths, formats, maxPixels } = job;
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
    // Decoded once, at the largest width (JPEG and WebP shrink while decoding); the smaller widths
    // come from that small copy, so a 40-megapixel photo is never held whole in memory.
    const base = await sharp(input, { limitInputPixels: maxPixels, sequentialRead: true })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    for (const target of targets) {
      const { data, info } = await sharp(base.data, { raw })
        .resize({ width: Math.min(target, raw.width) })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, body: data });
    }
  } catch {
    return parentPort.postMessage({ ok: false, reason: "not-an-image" });
  }
  const top = variants[variants.length - 1];
  parentPort.postMessage({ ok: true, image: { format: meta.format, width: top.width, height: top.height, variants } });
});
`;

let queue: Promise<unknown> = Promise.resolve();

/** Runs one job in a fresh worker process, after any job already running (one image decoded at a time). */
function inWorker<T>(job: Record<string, unknown>): Promise<T> {
  const run = () =>
    new Promise<T>((resolve, reject) => {
      const sharpPath = createRequire(import.meta.url).resolve("sharp");
      const worker = spawn(process.execPath, ["--max-old-space-size=48", "-e", WORKER_SOURCE], {
        stdio: ["ignore", "ignore", "inherit", "ipc"],
        serialization: "advanced", // Buffers cross as bytes, not JSON
      });
      let answered = false;
      worker.once("message", (message) => {
        answered = true;
        resolve(message as T);
      });
      worker.once("error", reject);
      worker.once("exit", (code) => {
        if (!answered) reject(new Error(`The image worker stopped (exit code ${code}).`));
      });
      worker.send({ sharpPath, maxPixels: MAX_PIXELS, ...job });
    });
  const next = queue.then(run, run);
  queue = next.catch(() => {});
  return next;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Reads and resizes one upload in a fresh worker process. */
export async function resizeImage(bytes: Buffer): Promise<ResizeResult> {
  const result = await inWorker<ResizeResult>({ kind: "resize", bytes, widths: [...MEDIA_WIDTHS], formats: FORMATS });
  if (result.ok) for (const v of result.image.variants) v.body = asBuffer(v.body);
  return result;
}

/** Draws an SVG (a generated cover) as a PNG, for sites that do not show SVG (Open Graph previews). */
export async function svgToPng(svg: string): Promise<Buffer> {
  const result = await inWorker<{ ok: true; body: Uint8Array } | { ok: false }>({ kind: "svg-to-png", svg });
  if (!result.ok) throw new Error("The cover could not be drawn as a PNG.");
  return asBuffer(result.body);
}
