import { userStream, type EventMetadata, DomainError } from "@shop/shared";
import { claimedUserId } from "../personal-data/email-claim.ts";
import { decideAccount, type AccountCommand } from "../accounts/decide.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { userDecider } from "../accounts/user.ts";
import { runCommand } from "../platform/command-handler.ts";
import { ACCOUNT_RETRY } from "../accounts/user.ts";
import { catchUpIfNoServer } from "./catch-up.ts";
import { OpsError, type OpsContext } from "./ops-context.ts";

const OPERATOR: EventMetadata = { userId: null, correlationId: "ops-cli" };

/** The account's id, from the stream that claimed its email (the log, not a read model that may lag). */
async function userIdByEmail(ctx: OpsContext, email: string): Promise<string> {
  const userId = await claimedUserId({ store: ctx.store, db: ctx.database.db }, email);
  if (!userId) throw new OpsError(`No user with email ${email.trim().toLowerCase()}`);
  return userId;
}

/**
 * Runs one account command for the user with this email and tells what happened: `done` when it
 * appended events, `unchanged` when the account already was so (nothing appended).
 */
export async function runAccountCommand(
  ctx: OpsContext,
  email: string,
  command: AccountCommand,
  messages: { done: string; unchanged: string },
): Promise<string> {
  const userId = await userIdByEmail(ctx, email);
  try {
    const result = await runCommand(
      ctx.store,
      userStream(userId),
      userDecider,
      ACCOUNT_RETRY,
      (state) => decideAccount(command, state),
      { metadata: OPERATOR },
    );
    if (!result.appended) return messages.unchanged;
    await catchUpIfNoServer(ctx);
    return messages.done;
  } catch (error) {
    if (error instanceof DomainError) throw new OpsError(error.message);
    throw error;
  }
}

export async function setPassword(
  ctx: OpsContext,
  { email, password }: { email: string; password: string },
): Promise<string> {
  const passwordHash = await hashPassword(password);
  return runAccountCommand(
    ctx,
    email,
    { type: "SetPassword", data: { passwordHash, now: new Date() } },
    { done: `Password set for ${email}`, unchanged: "" },
  );
}
