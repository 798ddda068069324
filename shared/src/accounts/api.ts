import { z } from "zod";
import { requiredText } from "../http/request-fields.ts";

/** POST /api/account/login/ */
export const LoginRequest = z.object({
  email: requiredText(320),
  password: z.string().min(1, "This field is required."),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The signed-in user as every account answer shows it. */
export const PublicUser = z.object({ id: z.string(), email: z.string(), name: z.string(), is_staff: z.boolean() });
export type PublicUser = z.infer<typeof PublicUser>;

/** The `metadata` block every JSON answer carries. */
export const Metadata = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  errors: z.array(z.string()).optional(),
});
export type Metadata = z.infer<typeof Metadata>;

export const MeResponse = z.object({ metadata: Metadata, user: PublicUser.nullable() });
export type MeResponse = z.infer<typeof MeResponse>;

export const LOGIN_FAILED = "Please enter a correct email and password.";
/** Only to someone who gave the right password: a guesser learns nothing about the account. */
export const LOGIN_DISABLED = "This account is inactive.";
export const LOGIN_THROTTLED = "Too many failed login attempts. Please wait a few minutes and try again.";
export const CSRF_FAILED = "CSRF verification failed.";
export const LOGIN_REQUIRED = "Authentication credentials were not provided.";
export const STAFF_REQUIRED = "You do not have permission to perform this action.";
/** A write is in the log but the read models behind the answer did not show it in time (503). */
export const NOT_VISIBLE_YET = "The change was saved but is not visible yet. Please reload in a moment.";
export const SERVER_ERROR = "Our server seems to be acting up. Please come back and try again later.";
