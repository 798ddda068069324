import { createHmac, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { NextFunction, Request, Response } from "express";
import type { Database } from "@shop/projections";

/**
 * Keys the server signs its own cookies with (the visitor's cart id), one per purpose. With
 * SESSION_SECRET set each is derived from it (HMAC of the purpose's name), so every process agrees
 * and nothing is stored. Without it, a random key is made once and kept in `site_secrets`: a key
 * per process would split visitors between processes and lose every cart at a restart.
 */
export async function migrateSiteSecrets(db: Kysely<Database>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS site_secrets (
    name text PRIMARY KEY,
    secret bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

/**
 * The key for `name`, worked out once and kept (a failed read is tried again on the next call).
 * Changing SESSION_SECRET, or deleting the row, changes the key: cookies signed before no longer count.
 */
export function siteSecret(
  deps: { db: Kysely<Database>; sessionSecret?: string },
  name: string,
): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () => {
    key ??= (deps.sessionSecret ? derived(deps.sessionSecret, name) : stored(deps.db, name)).catch((error) => {
      key = null;
      throw error;
    });
    return key;
  };
}

const derived = async (sessionSecret: string, name: string) =>
  createHmac("sha256", sessionSecret).update(`site-secret:${name}`).digest();

async function stored(db: Kysely<Database>, name: string): Promise<Buffer> {
  // Two processes starting at once both insert; the first row wins and both read it.
  await sql`INSERT INTO site_secrets (name, secret) VALUES (${name}, ${randomBytes(32)}) ON CONFLICT (name) DO NOTHING`.execute(
    db,
  );
  const { rows } = await sql<{ secret: Uint8Array }>`SELECT secret FROM site_secrets WHERE name = ${name}`.execute(db);
  if (!rows[0]) throw new Error(`the site secret ${name} vanished while it was made`);
  return Buffer.from(rows[0].secret);
}

/**
 * Middleware that hands each request the site key `key` makes (`put`), for the cookies it signs: the key
 * never changes once made, so after the first request it is handed over at once, with no promise.
 */
export function siteKeyOnRequest(key: () => Promise<Buffer>, put: (req: Request, key: Buffer) => void) {
  let known: Buffer | null = null;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (known) {
      put(req, known);
      return next();
    }
    key().then((made) => {
      known = made;
      put(req, made);
      next();
    }, next);
  };
}
