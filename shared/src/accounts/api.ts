import { z } from "zod";
import { boundedText, requiredText } from "../http/request-fields.ts";
import { FORM_MESSAGES } from "../domain/messages.ts";

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

export const PASSWORD_TOO_SHORT = "This password is too short. It must contain at least 8 characters.";
export const PASSWORD_RESET_SENT =
  "If an account uses this email address, we have sent it a link to choose a new password.";
export const PASSWORD_RESET_DONE = "Your password has been set. You are now signed in.";
export const RESET_LINK_INVALID =
  "The password reset link was invalid, possibly because it has already been used. Please request a new password reset.";
/** How long an emailed reset link works. */
export const RESET_LINK_HOURS = 2;

/** POST /api/account/signup/: answers as login does, and signs in. */
export const SignupRequest = z.object({
  email: requiredText(320)
    .pipe(z.email({ error: (i) => FORM_MESSAGES.invalidEmail(String(i.input)) }))
    .meta({ format: "email", override: { examples: ["someone@example.org"] } }),
  password: z
    .string({ error: () => FORM_MESSAGES.required })
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: "custom", message: FORM_MESSAGES.required });
      else if (v.length < 8) ctx.addIssue({ code: "custom", message: PASSWORD_TOO_SHORT });
      else if (v.length > 1000)
        ctx.addIssue({ code: "custom", message: "Ensure this field has no more than 1000 characters." });
    })
    .meta({ minLength: 8, maxLength: 1000 }),
  name: boundedText(150).optional().default(""),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

/** POST /api/account/password-reset/: the same answer whether or not an account has this email. */
export const PasswordResetRequest = z.object({
  email: requiredText(320)
    .pipe(z.email({ error: (i) => FORM_MESSAGES.invalidEmail(String(i.input)) }))
    .meta({ format: "email", override: { examples: ["someone@example.org"] } }),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** POST /api/account/password-reset/confirm/: the token of the emailed link and the new password. */
export const SetNewPasswordRequest = z.object({
  token: requiredText(200),
  password: SignupRequest.shape.password,
});
export type SetNewPasswordRequest = z.infer<typeof SetNewPasswordRequest>;

export const LOGIN_FAILED = "Please enter a correct email and password.";
/** Only to someone who gave the right password: a guesser learns nothing about the account. */
export const LOGIN_DISABLED = "This account is inactive.";
export const LOGIN_THROTTLED = "Too many failed login attempts. Please wait a few minutes and try again.";
export const SIGNUP_THROTTLED = "Too many accounts were created from your network. Please try again later.";
export const RESET_THROTTLED = "Too many invalid password reset links. Please wait a few minutes and try again.";
export const PASSWORD_WORK_BUSY = "We are very busy just now. Please try again in a moment.";
export const CSRF_FAILED = "CSRF verification failed.";
export const LOGIN_REQUIRED = "Authentication credentials were not provided.";
export const STAFF_REQUIRED = "You do not have permission to perform this action.";
/** A write is in the log but the read models behind the answer did not show it in time (503). */
export const NOT_VISIBLE_YET = "The change was saved but is not visible yet. Please reload in a moment.";
export const SERVER_ERROR = "Our server seems to be acting up. Please come back and try again later.";
