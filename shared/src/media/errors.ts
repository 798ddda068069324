import { DomainError } from "../errors/domain-error.ts";
import { MEDIA_MAX_BYTES } from "./images.ts";

export const mediaErrorCodes = ["MEDIA_NOT_AN_IMAGE", "MEDIA_TOO_LARGE"] as const;
export type MediaErrorCode = (typeof mediaErrorCodes)[number];

export const MEDIA_MESSAGES = {
  notAnImage: "This file is not an image we can use. Upload a JPEG, PNG, WebP, GIF or AVIF picture.",
  tooLarge: `This image is too large. Upload one of at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: "This image has too many pixels. Upload one of at most 40 megapixels.",
} as const;

/** An upload that is not a picture sharp can read, or too big to keep. */
export class MediaRefusedError extends DomainError<MediaErrorCode> {}
