import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { OpsError } from "../ops/ops-context.ts";
import { clientErrorLog, formatClientError } from "./client-error-log.ts";

export const DEFAULT_CLIENT_ERRORS_LIMIT = 50;

export interface ClientErrorsOptions {
  limit: number;
  since?: Date;
  json: boolean;
}

/** `npm run ops -- client-errors [--since ISO] [--limit N] [--json]`: the newest reports first. */
export const clientErrorsCommand = {
  parse(args: string[]): ClientErrorsOptions {
    let v: { limit?: string; since?: string; json?: boolean };
    try {
      v = parseArgs({
        args,
        options: { limit: { type: "string" }, since: { type: "string" }, json: { type: "boolean" } },
        strict: true,
        allowPositionals: false,
      }).values;
    } catch (error) {
      throw new OpsError((error as Error).message, 2);
    }
    const limit = v.limit === undefined ? DEFAULT_CLIENT_ERRORS_LIMIT : Number(v.limit);
    if (!Number.isInteger(limit) || limit < 1)
      throw new OpsError(`--limit must be a positive whole number, not '${v.limit}'`, 2);
    const since = v.since === undefined ? undefined : new Date(v.since);
    if (since && Number.isNaN(since.getTime()))
      throw new OpsError(`--since must be an ISO date or time, not '${v.since}'`, 2);
    return { limit, since, json: Boolean(v.json) };
  },
  async run(ctx: { database: { db: Kysely<Database> } }, options: ClientErrorsOptions): Promise<string> {
    const rows = await clientErrorLog(ctx.database.db).list(options);
    if (options.json) return rows.map((row) => JSON.stringify(row)).join("\n");
    if (!rows.length) return "No client errors reported.";
    return rows.map(formatClientError).join("\n");
  },
};
