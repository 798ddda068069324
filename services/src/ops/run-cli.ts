import { DomainError } from "@shop/shared";
import { RegisterUserInput, registerUser } from "../accounts/register-user.ts";
import { printEvents } from "./events-command.ts";
import { runAccountCommand, setPassword } from "./account-commands.ts";
import { catchUpIfNoServer } from "./catch-up.ts";
import { OpsError, openOpsContext, parseOptions, type OpsContext, type Output } from "./ops-context.ts";
import { readNewPassword } from "./password-input.ts";
import { checkReplayOptions, projectionStatus, replay } from "./projection-commands.ts";
import { SHORT_USAGE, USAGE } from "./usage.ts";
import { ACCOUNT_OPS_COMMANDS } from "./account-ops-commands.ts";
import { clientErrorsCommand } from "../client-errors/client-errors-command.ts";
import { reconcileCommand } from "../payments/reconcile.ts";
import { checkGenerateOptions, importCatalogFile, writeGeneratedCatalog } from "./catalog-ops.ts";

/** Where a command writes: line by line, or (a progress bar) straight to a stream. */
interface CommandOutput extends Output {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/**
 * Each command checks its arguments before the database is opened, so bad input fails at once.
 * `run` answers its output, or writes it itself through `out` (a long history, page by page).
 */
// biome-ignore lint/suspicious/noExplicitAny: the command table holds commands of different option types; each run sees its own.
interface Command<Options = any> {
  /** Needs no database (ctx is then not opened). */
  offline?: boolean;
  parse(args: string[], io: CliIo): Options | Promise<Options>;
  run(ctx: OpsContext, options: Options, out: CommandOutput): Promise<string | undefined>;
}

function emailOnly(name: string, args: string[]): { email: string } {
  const v = parseOptions(args, { email: { type: "string" } });
  if (!v.email) throw new OpsError(`${name} needs --email`, 2);
  return { email: v.email.trim().toLowerCase() };
}

const commands: Record<string, Command> = {
  "create-user": {
    parse(args) {
      const v = parseOptions(args, {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        staff: { type: "boolean" },
      });
      if (!v.email || !v.password) throw new OpsError("create-user needs --email and --password", 2);
      const input = RegisterUserInput.safeParse({
        email: v.email,
        password: v.password,
        name: v.name,
        isStaff: Boolean(v.staff),
      });
      if (!input.success)
        throw new OpsError(input.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; "), 2);
      return { email: v.email, password: v.password, name: v.name, isStaff: Boolean(v.staff) };
    },
    async run(ctx, input) {
      try {
        const user = await registerUser({ store: ctx.store, db: ctx.database.db, clock: () => new Date() }, input, {
          userId: null,
          correlationId: "ops-cli",
        });
        await catchUpIfNoServer(ctx);
        return `Created ${user.isStaff ? "staff " : ""}user ${user.email} (${user.name}), id ${user.userId}`;
      } catch (error) {
        if (error instanceof DomainError) throw new OpsError(error.message);
        throw error;
      }
    },
  },

  "set-password": {
    async parse(args, io) {
      if (args.some((a) => a === "--password" || a.startsWith("--password="))) {
        throw new OpsError("set-password reads the password from stdin or a prompt, never from the command line", 2);
      }
      const { email } = emailOnly("set-password", args);
      return { email, password: await readNewPassword(io.stdin, io.stderr) };
    },
    run: (ctx, options) => setPassword(ctx, options),
  },

  "grant-staff": {
    parse: (args) => emailOnly("grant-staff", args),
    run: (ctx, { email }) =>
      runAccountCommand(
        ctx,
        email,
        { type: "GrantStaff" },
        { done: `${email} is now staff`, unchanged: `${email} is already staff` },
      ),
  },

  "revoke-staff": {
    parse: (args) => emailOnly("revoke-staff", args),
    run: (ctx, { email }) =>
      runAccountCommand(
        ctx,
        email,
        { type: "RevokeStaff" },
        {
          done: `${email} is no longer staff (their back-office tabs were closed)`,
          unchanged: `${email} was not staff`,
        },
      ),
  },

  "disable-user": {
    parse: (args) => emailOnly("disable-user", args),
    run: (ctx, { email }) =>
      runAccountCommand(
        ctx,
        email,
        { type: "DisableUser", data: { now: new Date() } },
        {
          done: `Disabled ${email}: signed out everywhere, and can no longer log in`,
          unchanged: `${email} is already disabled`,
        },
      ),
  },

  "enable-user": {
    parse: (args) => emailOnly("enable-user", args),
    run: (ctx, { email }) =>
      runAccountCommand(
        ctx,
        email,
        { type: "EnableUser" },
        { done: `Enabled ${email}: can log in again`, unchanged: `${email} is not disabled` },
      ),
  },

  events: {
    parse(args) {
      const v = parseOptions(args, {
        stream: { type: "string" },
        type: { type: "string" },
        user: { type: "string" },
        since: { type: "string" },
        limit: { type: "string" },
        json: { type: "boolean" },
      });
      const limit = v.limit === undefined ? undefined : Number(v.limit);
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
        throw new OpsError(`--limit must be a positive whole number, not '${v.limit}'`, 2);
      const since = v.since === undefined ? undefined : new Date(v.since);
      if (since && Number.isNaN(since.getTime()))
        throw new OpsError(`--since must be an ISO date or time, not '${v.since}'`, 2);
      return { stream: v.stream, type: v.type, userId: v.user, since, limit, json: Boolean(v.json) };
    },
    // Writes page by page through `out`: nothing left to answer.
    run: async (ctx, options, out) => {
      await printEvents(ctx, options, out);
      return undefined;
    },
  },

  replay: {
    parse(args) {
      const v = parseOptions(args, { projection: { type: "string" }, all: { type: "boolean" } });
      return checkReplayOptions({ projection: v.projection, all: v.all });
    },
    run: (ctx, options, out) => replay(ctx, options, out.stdout),
  },

  projections: {
    parse: (args) => parseOptions(args, {}),
    run: (ctx) => projectionStatus(ctx),
  },

  "import-catalog": {
    parse(args) {
      if (args.length !== 1 || args[0].startsWith("-")) throw new OpsError("import-catalog needs one FILE.json", 2);
      return { file: args[0] };
    },
    run: (ctx, options, out) => importCatalogFile(ctx, options, out.stderr),
  },

  "generate-catalog": {
    offline: true,
    parse(args) {
      const v = parseOptions(args, { products: { type: "string" }, seed: { type: "string" }, out: { type: "string" } });
      return checkGenerateOptions(v);
    },
    run: (_ctx, options) => writeGeneratedCatalog(options),
  },

  ...ACCOUNT_OPS_COMMANDS,
  "client-errors": clientErrorsCommand,
  reconcile: reconcileCommand,
};

/** What the CLI reads and writes: the process's own streams and environment, or a test's. */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** The CLI on the process's own streams and environment, as `npm run ops` runs it. */
export function processIo(): CliIo {
  return { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
}

/**
 * Runs one CLI command (`argv` as after `npm run ops --`) and answers its exit code. cli.ts calls it
 * with the process's streams; tests call it in-process with their own.
 */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...args] = argv;
  if (!name) {
    await write(io.stderr, SHORT_USAGE);
    return 2;
  }
  if (name === "help" || name === "--help") {
    await write(io.stdout, USAGE);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    await write(io.stderr, `Unknown command '${name}'. Run 'npm run ops -- help' for the list.`);
    return 2;
  }
  let ctx: OpsContext | null = null;
  try {
    const options = await command.parse(args, io);
    ctx = command.offline ? null : await openOpsContext(io.env);
    const output = await command.run(ctx as OpsContext, options, {
      line: (text) => write(io.stdout, text),
      note: (text) => write(io.stderr, text),
      stdout: io.stdout,
      stderr: io.stderr,
    });
    if (typeof output === "string") await write(io.stdout, output);
    return 0;
  } catch (error) {
    if (error instanceof OpsError) {
      await write(io.stderr, error.message);
      return error.exitCode;
    }
    await write(io.stderr, `Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await ctx?.close();
  }
}

/** Waits for a full pipe to drain, so a long history is never cut off by the exit that follows. */
function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => (stream.write(`${text}\n`) ? resolve() : stream.once("drain", resolve)));
}
