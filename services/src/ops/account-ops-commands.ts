import { eraseCustomer } from "../personal-data/erase-customer.ts";
import { catchUpIfNoServer } from "./catch-up.ts";
import { listMailbox } from "./mail-commands.ts";
import { OpsError, parseOptions, type OpsContext, type Output } from "./ops-context.ts";

// The accounts helper's commands, kept apart from cli.ts's table (spread into it) so the two change independently.

interface OpsCommand<Options> {
  parse(args: string[]): Options;
  run(ctx: OpsContext, options: Options, out: Output): Promise<string | undefined>;
}
const command = <Options>(c: OpsCommand<Options>) => c;

export const ACCOUNT_OPS_COMMANDS = {
  mails: command({
    parse(args) {
      const v = parseOptions(args, { to: { type: "string" }, limit: { type: "string" }, full: { type: "boolean" } });
      const limit = v.limit === undefined ? undefined : Number(v.limit);
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
        throw new OpsError(`--limit must be a positive whole number, not '${v.limit}'`, 2);
      return { to: v.to, limit, full: Boolean(v.full) };
    },
    async run(ctx, options) {
      await catchUpIfNoServer(ctx); // the mailbox read model as the log has it, when no server is running
      return listMailbox(ctx, options);
    },
  }),

  "erase-customer": command({
    parse(args) {
      const v = parseOptions(args, { email: { type: "string" } });
      if (!v.email) throw new OpsError("erase-customer needs --email", 2);
      return { email: v.email.trim().toLowerCase() };
    },
    run: (ctx, options) => eraseCustomer(ctx, options),
  }),
};
