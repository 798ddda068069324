import { listMails } from "@shop/projections";
import type { OpsContext } from "./ops-context.ts";

/** `npm run ops -- mails [--to E] [--limit N] [--full]`: the outbox and local mailbox, newest first. */
export async function listMailbox(
  ctx: OpsContext,
  options: { to?: string; limit?: number; full: boolean },
): Promise<string> {
  const mails = await listMails(ctx.database.db, { to: options.to, limit: options.limit ?? 20 });
  if (mails.length === 0) return "No mail.";
  return mails
    .map((m) => {
      const head = `${m.queued_at}  ${m.status.padEnd(6)}  ${m.to}  ${m.subject}  (${m.id})`;
      const error = m.last_error ? `\n    last error (attempt ${m.attempts}): ${m.last_error}` : "";
      return options.full ? `${head}${error}\n\n${m.text.replace(/^/gm, "    ")}\n` : `${head}${error}`;
    })
    .join("\n");
}
