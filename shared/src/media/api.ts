import { z } from "zod";

/** POST /admin/api/media/: the stored image, ready to add to a product's `images`. */
export const MediaUploadResponse = z.object({
  metadata: z.object({ success: z.literal(true), message: z.string() }),
  /** The largest stored width's URL; the others follow from it (imageSources). */
  url: z.string(),
  hash: z.string(),
  width: z.number(),
  height: z.number(),
  widths: z.array(z.number()),
});
export type MediaUploadResponse = z.infer<typeof MediaUploadResponse>;
