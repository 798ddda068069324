import { accountErrorCodes } from "../accounts/errors.ts";
import { contentErrorCodes } from "../content/errors.ts";
import { contributorErrorCodes } from "../contributors/errors.ts";
import { keywordErrorCodes } from "../keywords/errors.ts";
import { lockErrorCodes } from "../locks/errors.ts";
import { scheduledActionErrorCodes } from "../scheduled-actions/errors.ts";
import { requestErrorCodes } from "./request-errors.ts";

/** Every code an error answer may carry in `metadata.code`: add a feature's list here. */
export const ERROR_CODES = [
  ...requestErrorCodes,
  ...accountErrorCodes,
  ...contentErrorCodes,
  ...contributorErrorCodes,
  ...keywordErrorCodes,
  ...lockErrorCodes,
  ...scheduledActionErrorCodes,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);
const isErrorCode = (code: unknown): code is ErrorCode => typeof code === "string" && KNOWN.has(code);

/**
 * The code of a failed call's answer (`metadata.code`), from an RTK Query error (`{status, data}`),
 * a parsed body, or null when there is none (a network failure, a server too old to send it).
 */
export function errorCodeOf(error: unknown): ErrorCode | null {
  const body = (error as { data?: unknown } | null)?.data ?? error;
  const code = (body as { metadata?: { code?: unknown } } | null)?.metadata?.code;
  return isErrorCode(code) ? code : null;
}
