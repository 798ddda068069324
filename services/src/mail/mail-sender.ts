import type { Kysely } from "kysely";
import { mailStream, type EventStore } from "@shop/shared";
import { findDueMails, type Database } from "@shop/projections";
import { RETRY, runCommand } from "../platform/command-handler.ts";
import type { Logger } from "../platform/logger.ts";
import { startLeaderSweeper, type Sweeper } from "../platform/leader-sweeper.ts";
import { decideMail, mailDecider } from "./mail.ts";
import { messageIdOf, type MailTransport } from "./mail-transport.ts";

/** A mail's stream is written by the one sender and rarely by anything else: one fresh try. */
const MAIL_RETRY = RETRY.once;

export interface MailSenderDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  log: Pick<Logger, "info" | "warn" | "error">;
  transport: MailTransport;
  /** The From address (MAIL_FROM); its domain names the Message-IDs. */
  from: string;
  /** Only the projection leader sends: its advisory lock makes it one process across the cluster. */
  isLeader: () => boolean;
  intervalMs?: number;
  /** Waits until the mailbox read model shows what a sweep recorded, so the next sweep does not resend. */
  waitForMailbox?: (position: import("@shop/shared").LogPosition) => Promise<unknown>;
}

export type MailSender = Sweeper;

/**
 * The outbox's one sender: every second the leader delivers the mails that are due, one by one,
 * and records each outcome on the mail's stream (MailSent, or MailFailed with the next attempt's
 * time). Sweeps never overlap; a mail already recorded as sent is never recorded twice.
 */
export function startMailSender(deps: MailSenderDeps): MailSender {
  async function deliver(mail: Awaited<ReturnType<typeof findDueMails>>[number]) {
    const attempt = mail.attempts + 1;
    const messageId = messageIdOf(mail.id, deps.from);
    const record = (command: Parameters<typeof decideMail>[0]) =>
      runCommand(deps.store, mailStream(mail.id), mailDecider, MAIL_RETRY, (s) => decideMail(command, s), {
        metadata: {
          correlationId: `mail-${mail.id}`,
        },
      });
    let outcome: Awaited<ReturnType<typeof record>>;
    try {
      await deps.transport.send(mail, messageId);
      outcome = await record({
        type: "RecordSent",
        data: { attempt, via: deps.transport.via, messageId, now: deps.clock() },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.log.warn({ mail: mail.id, attempt, err: message }, "mail not delivered");
      outcome = await record({ type: "RecordFailure", data: { attempt, error: message, now: deps.clock() } });
    }
    if (outcome.appended) await deps.waitForMailbox?.(outcome.appended.position);
  }

  return startLeaderSweeper({
    what: "mail send",
    isLeader: deps.isLeader,
    log: deps.log,
    intervalMs: deps.intervalMs,
    due: () => findDueMails(deps.db, deps.clock()),
    handle: deliver,
    describe: (mail) => ({ mail: mail.id }),
  });
}
