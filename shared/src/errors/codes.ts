import { accountErrorCodes } from "../accounts/errors.ts";
import { cartErrorCodes } from "../cart/errors.ts";
import { wishlistErrorCodes } from "../wishlist/errors.ts";
import { monthlyGiftErrorCodes } from "../monthly-gifts/errors.ts";
import { catalogErrorCodes } from "../catalog/errors.ts";
import { discountErrorCodes } from "../discounts/errors.ts";
import { campaignErrorCodes } from "../campaigns/errors.ts";
import { checkoutErrorCodes } from "../checkout/errors.ts";
import { orderErrorCodes } from "../orders/errors.ts";
import { contentErrorCodes } from "../content/errors.ts";
import { contributorErrorCodes } from "../contributors/errors.ts";
import { keywordErrorCodes } from "../keywords/errors.ts";
import { lockErrorCodes } from "../locks/errors.ts";
import { radioErrorCodes } from "../radio/errors.ts";
import { adErrorCodes } from "../ads/errors.ts";
import { newsletterErrorCodes } from "../newsletters/errors.ts";
import { scheduledActionErrorCodes } from "../scheduled-actions/errors.ts";
import { gamifyErrorCodes } from "../gamify/errors.ts";
import { mediaErrorCodes } from "../media/errors.ts";
import { requestErrorCodes } from "./request-errors.ts";
import { addressErrorCodes } from "../addresses/errors.ts";
import type { UserRef } from "../content/events.ts";
import type { RecordLock } from "../locks/api.ts";

/** Every code an error answer may carry in `metadata.code`: add a feature's list here. */
export const ERROR_CODES = [
  ...requestErrorCodes,
  ...accountErrorCodes,
  ...catalogErrorCodes,
  ...contentErrorCodes,
  ...contributorErrorCodes,
  ...keywordErrorCodes,
  ...lockErrorCodes,
  ...scheduledActionErrorCodes,
  ...cartErrorCodes,
  ...wishlistErrorCodes,
  ...monthlyGiftErrorCodes,
  ...discountErrorCodes,
  ...campaignErrorCodes,
  ...radioErrorCodes,
  ...adErrorCodes,
  ...newsletterErrorCodes,
  ...addressErrorCodes,
  ...checkoutErrorCodes,
  ...orderErrorCodes,
  ...gamifyErrorCodes,
  ...mediaErrorCodes,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);
/** Whether a string is one of the codes (a wire value, or a DomainError subclass a feature forgot to list). */
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === "string" && KNOWN.has(code);

/**
 * The code of a failed call's answer (`metadata.code`), from an RTK Query error (`{status, data}`),
 * a parsed body, or null when there is none (a network failure, a server too old to send it).
 */
export function errorCodeOf(error: unknown): ErrorCode | null {
  const body = (error as { data?: unknown } | null)?.data ?? error;
  const code = (body as { metadata?: { code?: unknown } } | null)?.metadata?.code;
  return isErrorCode(code) ? code : null;
}

/**
 * An error answer as the front ends read it: `metadata` (with `code`), and the fields some refusals
 * add: `lock` (ALREADY_LOCKED), `saved_by`/`saved_at`/`version` (STALE_VERSION), `request_id` (a 500).
 */
export interface ErrorAnswerBody {
  metadata: {
    success: false;
    code?: ErrorCode;
    message?: string;
    errors?: string[];
    /** NODE_HAS_WARNINGS: the warnings to show before saving again with ignore_warnings. */
    warnings?: string[];
  };
  lock?: RecordLock | null;
  saved_by?: UserRef | null;
  saved_at?: string;
  version?: number;
  request_id?: string;
}

/** The answer body of a failed call (an RTK Query error's `data`), or null when there is none. */
export function errorAnswerOf(error: unknown): ErrorAnswerBody | null {
  const data = (error as { data?: unknown } | null)?.data;
  const metadata = (data as { metadata?: unknown } | null)?.metadata;
  return metadata && typeof metadata === "object" ? (data as ErrorAnswerBody) : null;
}
