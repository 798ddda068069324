import { parseArgs } from "node:util";
import { join } from "node:path";
import type { EventStore } from "@shop/shared";
import { openEventStore } from "../eventstore/open-event-store.ts";
import { loadConfig, type Config } from "../platform/config.ts";
import { acquireDataDirLock } from "../platform/data-dir-lock.ts";
import { openDatabase, type DatabaseConnection } from "../platform/database.ts";
import { migrateIdCounters } from "../platform/id-allocator.ts";
import { migratePersonKeys } from "@shop/projections";

/** A CLI command's failure: printed as one line, exit code 1 (2 for bad usage). */
export class OpsError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Where a command writes: `line` for its output (stdout), `note` for remarks beside it (stderr). */
export interface Output {
  line(text: string): Promise<void>;
  note(text: string): Promise<void>;
}

export interface OpsContext {
  config: Config;
  database: DatabaseConnection;
  store: EventStore;
  close(): Promise<void>;
}

/** Opens the same database and event store the server uses (PGlite only when no server holds the folder). */
export async function openOpsContext(env = process.env): Promise<OpsContext> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    throw new OpsError((error as Error).message, 2);
  }
  let dirLock: { release(): void } | null = null;
  try {
    dirLock = config.DATABASE_URL ? null : acquireDataDirLock(config.DATA_DIR, "ops CLI");
  } catch (error) {
    throw new OpsError((error as Error).message);
  }
  const database = await openDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, poolSize: 4 }
      : { dataDir: join(config.DATA_DIR, "pglite"), schema: config.DATABASE_SCHEMA },
  );
  await migrateIdCounters(database.db);
  await migratePersonKeys(database.db);
  const store = await openEventStore(config, database);
  return {
    config,
    database,
    store,
    async close() {
      await store.close();
      await database.close();
      dirLock?.release();
    },
  };
}

/** A command's `--name value` options (no positionals); a bad one is a usage error (exit code 2). */
export function parseOptions<T extends Record<string, { type: "string" | "boolean" }>>(
  args: string[],
  options: T,
): { [K in keyof T]?: T[K]["type"] extends "boolean" ? boolean : string } {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new OpsError((error as Error).message, 2);
  }
}
