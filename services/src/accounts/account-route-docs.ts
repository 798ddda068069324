import { z } from "zod";
import {
  AddressFields,
  AddressItem,
  LoginRequest,
  MeResponse,
  PasswordResetRequest,
  SetNewPasswordRequest,
  SignupRequest,
} from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

const API = "/api/account/addresses/";

/** Sign-up, password reset and the address book (accounts-router.ts, signup-and-reset.ts, addresses-router.ts). */
export const ACCOUNT_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: "/api/account/signup/",
    refusals: ["EMAIL_TAKEN", "SIGNUP_THROTTLED", "PASSWORD_WORK_BUSY"],
    summary:
      "Create an account and sign in (answers as login does; 409 when the email has an account; 429 SIGNUP_THROTTLED " +
      "with Retry-After after 20 sign-ups from one address within the hour)",
    body: SignupRequest,
    answer: MeResponse,
  },
  {
    method: "POST",
    path: "/api/account/password-reset/",
    refusals: ["RESET_THROTTLED"],
    summary:
      "Email a one-time reset link; the same answer whether or not the email has an account, given before the " +
      "address is looked up (the link is mailed after, at most once per address per 5 minutes)",
    body: PasswordResetRequest,
  },
  {
    method: "POST",
    path: "/api/account/password-reset/confirm/",
    refusals: ["RESET_LINK_INVALID", "RESET_THROTTLED", "PASSWORD_WORK_BUSY"],
    summary:
      "Set a new password with the emailed link's token (once, before it expires), sign in, and end every other " +
      "session of the account; 429 RESET_THROTTLED with Retry-After after 10 bad links from one address in 15 minutes",
    body: SetNewPasswordRequest,
    answer: MeResponse,
  },
  {
    method: "GET",
    path: API,
    signedIn: true,
    summary: "The signed-in shopper's address book (401 for a visitor)",
    fields: { items: z.array(AddressItem) },
  },
  {
    method: "POST",
    path: API,
    signedIn: true,
    summary: "Add an address (the first is the default)",
    body: AddressFields,
    fields: { id: z.number() },
  },
  {
    method: "PUT",
    path: `${API}:id/`,
    signedIn: true,
    refusals: ["ADDRESS_NOT_FOUND"],
    summary: "Edit an address",
    body: AddressFields,
  },
  {
    method: "POST",
    path: "/account/address/:id/remove/",
    signedIn: true,
    refusals: ["ADDRESS_NOT_FOUND"],
    summary: "Remove an address (form action); removing the default promotes the oldest other",
  },
  {
    method: "POST",
    path: "/account/address/:id/make-default/",
    signedIn: true,
    refusals: ["ADDRESS_NOT_FOUND"],
    summary: "Make an address the default (form action)",
  },
];

/** Sign-in, sign-out and who is signed in (accounts-router.ts). */
export const SESSION_ROUTES: RouteDoc[] = [
  { method: "GET", path: "/api/account/me/", summary: "The signed-in user, or null", answer: MeResponse },
  {
    method: "POST",
    path: "/api/account/login/",
    refusals: ["LOGIN_FAILED", "LOGIN_DISABLED", "LOGIN_THROTTLED", "PASSWORD_WORK_BUSY"],
    summary:
      "Sign in; sets the session cookie and the `device` cookie (a year) that keeps this browser out of the " +
      "account's cross-address limit; 429 with Retry-After after 5 failures per address and email",
    body: LoginRequest,
    answer: MeResponse,
  },
  { method: "POST", path: "/api/account/logout/", summary: "Sign out; clears the session cookie" },
];
