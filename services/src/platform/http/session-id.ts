import { createHash, randomBytes } from "node:crypto";
import { hmacSha256 } from "../keyed-hash.ts";

export const SESSION_COOKIE = "sessionid";

/** 256 random bits: the only copy lives in the visitor's cookie. */
export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

/** What the log and the sessions table keep instead of the id: a keyed hash when a secret is set. */
export function hashSessionId(sessionId: string, secret: string | undefined): string {
  return secret
    ? hmacSha256(secret).update(sessionId).digest("hex")
    : createHash("sha256").update(sessionId).digest("hex");
}
