import { randomFillSync } from "node:crypto";

/** Bytes drawn from the system's CSPRNG at once: one system call serves many tokens. */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/**
 * A random token of `bytes` bytes, base64url. Each request that gives a visitor a cookie (the CSRF
 * token, the cart id) needs one; drawing each from the kernel cost a system call apiece, so they
 * come from a pool refilled from the same CSPRNG, and no byte of it is handed out twice (as Node's
 * own randomUUID does).
 */
export function randomToken(bytes: number): string {
  if (bytes > POOL_BYTES) throw new Error("randomToken: ask for fewer bytes");
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const token = pool.subarray(offset, offset + bytes).toString("base64url");
  offset += bytes;
  return token;
}
