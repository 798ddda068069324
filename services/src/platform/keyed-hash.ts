import { createHmac, createSecretKey, type Hmac, type KeyObject } from "node:crypto";

const bufferKeys = new WeakMap<Buffer, KeyObject>();
const textKeys = new Map<string, KeyObject>();
/** Text keys are the configured secrets (SESSION_SECRET): a handful, never one per request. */
const MAX_TEXT_KEYS = 16;

/**
 * An HMAC-SHA256 under `key`, to `update` and `digest` as `createHmac`'s. Handed a raw key,
 * `createHmac` makes a key object for every call: on Node 24 about 40 µs, ten times the HMAC
 * itself, and the cart cookie is signed or checked on every cart request. Each key's object is made
 * once here and kept (a Buffer's for as long as the Buffer lives; a key Buffer is never changed in place).
 */
export function hmacSha256(key: Buffer | string): Hmac {
  return createHmac("sha256", keyObjectOf(key));
}

function keyObjectOf(key: Buffer | string): KeyObject {
  if (typeof key === "string") {
    let made = textKeys.get(key);
    if (!made) {
      if (textKeys.size >= MAX_TEXT_KEYS) textKeys.clear();
      made = createSecretKey(key, "utf8");
      textKeys.set(key, made);
    }
    return made;
  }
  let made = bufferKeys.get(key);
  if (!made) {
    made = createSecretKey(key);
    bufferKeys.set(key, made);
  }
  return made;
}
