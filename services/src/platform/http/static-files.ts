import type { ServerResponse } from "node:http";
import compression from "compression";
import type { RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESS_ABOVE_BYTES = 1024;

/** A file whose name carries its content hash (Vite's `assets/name-HASH.js`) never changes. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else a front end ships (favicon, demo images) may change with a deploy. */
export const REVALIDATE_HOURLY = "public, max-age=3600";
/** The admin's shell names the current hashed files, so it is asked for again each time. */
export const NO_CACHE = "no-cache";

const HASHED = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** Cache-Control for a static file by its path on disk (its .br or .gz twin's path names the same file). */
export function cacheControlFor(path: string): string {
  const file = path.replaceAll("\\", "/").replace(/\.(br|gz)$/, "");
  if (HASHED.test(file)) return IMMUTABLE;
  if (file.endsWith(".html")) return NO_CACHE;
  return REVALIDATE_HOURLY;
}

/**
 * HTML and JSON answers compressed (brotli or gzip, as the browser accepts) above 1 KB. Static
 * files are already compressed at build (scripts/precompress.mjs) and carry Content-Encoding, which
 * this leaves alone.
 */
export function compressAnswers(): RequestHandler {
  return compression({ threshold: COMPRESS_ABOVE_BYTES });
}

/**
 * A built front end's files: the build's `.br`/`.gz` twin when the browser takes it (brotli first),
 * with a year's immutable cache for hashed files (docs/decisions.md, "Delivery").
 */
export function staticFiles(root: string, options: { index: string | false }): RequestHandler {
  return expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: options.index,
    serveStatic: {
      index: options.index,
      cacheControl: false,
      setHeaders: (res: ServerResponse, path: string) => res.setHeader("Cache-Control", cacheControlFor(path)),
    },
  }) as RequestHandler;
}
