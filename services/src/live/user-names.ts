import type { Kysely } from "kysely";
import { findUserById } from "@shop/projections";
import type { Database } from "@shop/projections";

/** Names of the users that events name by id, for people reading the activity feed. Cached a minute. */
export function createUserNames(db: Kysely<Database>, ttlMs = 60_000) {
  const cache = new Map<string, { name: string | null; at: number }>();
  return {
    async load(ids: Iterable<string>): Promise<void> {
      const now = Date.now();
      for (const id of new Set(ids)) {
        const hit = cache.get(id);
        if (hit && now - hit.at < ttlMs) continue;
        const user = await findUserById(db, id).catch(() => undefined);
        cache.set(id, { name: user?.name ?? null, at: now });
      }
    },
    name(id: string | null | undefined): string | null {
      return id ? (cache.get(id)?.name ?? null) : null;
    },
  };
}

export type UserNames = ReturnType<typeof createUserNames>;
