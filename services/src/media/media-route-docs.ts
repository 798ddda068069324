import { z } from "zod";
import { MediaUploadResponse } from "@shop/shared/media/api";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The media routes for /api/openapi.json. */
export const MEDIA_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: "/admin/api/media/",
    summary:
      "Upload an image (the file's bytes as the body, at most 8 MB; JPEG, PNG, WebP, GIF or AVIF, told by its content): stored by SHA-256, resized to 160, 320, 640 and 960 px wide WebP",
    status: 201,
    refusals: ["MEDIA_NOT_AN_IMAGE", "MEDIA_TOO_LARGE"],
    answer: MediaUploadResponse,
  },
  {
    method: "GET",
    path: "/media/:file",
    summary: "One width of an uploaded image ({hash}-{width}.webp), cached for a year (immutable)",
    mediaType: "image/webp",
    answer: z.string(),
  },
  {
    method: "GET",
    path: "/media/covers/:file",
    summary:
      "A product's generated cover ({id}-{stamp}.svg; {id}-{stamp}.png is the same drawn as a 600×800 PNG, image/png, for link previews): its title, a colour and pattern per category, its format; cached for a year while the stamp is current",
    mediaType: "image/svg+xml",
    answer: z.string(),
  },
];
