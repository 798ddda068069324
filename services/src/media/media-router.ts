import express, { Router, type NextFunction, type Request, type Response } from "express";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { MEDIA_MESSAGES, MediaRefusedError } from "@shop/shared/media/errors";
import { MEDIA_MAX_BYTES, MEDIA_UPLOAD_PATH, coverOfProduct, coverStamp, mediaUrl } from "@shop/shared/media/images";
import { coverPng } from "./cover-png.ts";
import { coverSvg } from "./cover-svg.ts";
import { mediaStore } from "./media-store.ts";
import { storeImage } from "./store-image.ts";

export const MEDIA_UPLOADED = "The image has been uploaded.";
const FOREVER = "public, max-age=31536000, immutable";
const VARIANT = /^([0-9a-f]{64})-(\d{1,4})\.webp$/;
const COVER = /^(\d{1,9})-([0-9a-z]{1,8})\.(svg|png)$/;

const tooLarge = () => new MediaRefusedError("MEDIA_TOO_LARGE", MEDIA_MESSAGES.tooLarge);

/** The upload's bytes, whatever its declared type (sharp decides what it is); over the limit, our own refusal. */
function uploadBody() {
  const raw = express.raw({ type: () => true, limit: MEDIA_MAX_BYTES });
  return (req: Request, res: Response, next: NextFunction) => {
    if (Number(req.headers["content-length"] ?? 0) > MEDIA_MAX_BYTES) return next(tooLarge());
    raw(req, res, (error?: unknown) =>
      next((error as { type?: string } | undefined)?.type === "entity.too.large" ? tooLarge() : error),
    );
  };
}

/**
 * Staff upload images (POST /admin/api/media/, staff and CSRF checked by app.ts); anyone reads them
 * at /media/{hash}-{width}.webp. Product covers are drawn at /media/covers/{id}-{stamp}.svg
 * (and .png, for link previews).
 */
export function makeMediaRouter(deps: { db: Kysely<Database>; clock: () => Date }): Router {
  const router = Router();
  const store = mediaStore(deps.db);

  router.post(MEDIA_UPLOAD_PATH, uploadBody(), async (req, res) => {
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const stored = await storeImage(store, bytes, deps.clock());
    res.status(201).json({
      metadata: { success: true, message: MEDIA_UPLOADED },
      url: mediaUrl(stored.hash, stored.width),
      ...stored,
    });
  });

  // /media/ is also where content pages with videos live (/media/{slug}/): a name that is not an
  // image's goes on to the pages.
  router.get("/media/covers/:file", async (req, res, next) => {
    const match = req.path.endsWith("/") ? null : COVER.exec(String(req.params.file));
    if (!match) return next();
    const product = await deps.db
      .selectFrom("products")
      .select(["id", "title", "categories", "formats"])
      .where("id", "=", Number(match[1]))
      .executeTakeFirst();
    if (!product) {
      res.status(404).type("text/plain").send("No such cover.");
      return;
    }
    const cover = coverOfProduct(product);
    // An old stamp (the title changed since the page was cached) still gets today's cover, briefly cached.
    res.setHeader("Cache-Control", coverStamp(cover) === match[2] ? FOREVER : "public, max-age=300");
    if (match[3] === "png") res.type("image/png").send(await coverPng(store, coverSvg(cover), deps.clock()));
    else res.type("image/svg+xml").send(coverSvg(cover));
  });

  router.get("/media/:file", async (req, res, next) => {
    const match = req.path.endsWith("/") ? null : VARIANT.exec(String(req.params.file));
    if (!match) return next();
    const body = await store.variant(match[1], Number(match[2]));
    if (!body) {
      res.status(404).type("text/plain").send("No such image.");
      return;
    }
    res.setHeader("Cache-Control", FOREVER);
    res.type("image/webp").send(body);
  });

  return router;
}
