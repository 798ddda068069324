import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): a login costs ~20 ms on these machines.
const options = { algorithm: 2 /* Algorithm.Argon2id, a const enum */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** A hash of a random password, verified against when no such user exists so timing does not tell. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword(crypto.randomUUID());
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
