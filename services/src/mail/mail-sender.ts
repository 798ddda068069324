import type { Kysely } from "kysely";
import { mailStream, type EventStore } from "@shop/shared";
import { findDueMails, type Database } from "@shop/projections";
import { handleCommand } from "../platform/command-handler.ts";
import type { Logger } from "../platform/logger.ts";
import { decideMail, mailDecider } from "./mail.ts";
import { messageIdOf, type MailTransport } from "./mail-transport.ts";

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

export interface MailSender {
  /** One sweep now (tests); resolves when it is done. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The outbox's one sender: every second the leader delivers the mails that are due, one by one,
 * and records each outcome on the mail's stream (MailSent, or MailFailed with the next attempt's
 * time). Sweeps never overlap; a mail already recorded as sent is never recorded twice.
 */
export function startMailSender(deps: MailSenderDeps): MailSender {
  const intervalMs = deps.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  async function deliver(mail: Awaited<ReturnType<typeof findDueMails>>[number]) {
    const attempt = mail.attempts + 1;
    const messageId = messageIdOf(mail.id, deps.from);
    const record = (command: Parameters<typeof decideMail>[0]) =>
      handleCommand(deps.store, mailStream(mail.id), mailDecider, (s) => decideMail(command, s), {
        correlationId: `mail-${mail.id}`,
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

  async function sweepOnce(): Promise<void> {
    if (!deps.isLeader()) return;
    for (const mail of await findDueMails(deps.db, deps.clock())) {
      if (stopped) return;
      await deliver(mail).catch((err) =>
        deps.log.error({ err, mail: mail.id }, "mail send failed; retrying next sweep"),
      );
    }
  }

  const sweep = () => {
    running = running.then(() => sweepOnce().catch((err) => deps.log.error({ err }, "mail sweep failed")));
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void sweep().finally(schedule), intervalMs);
    timer.unref?.();
  };
  schedule();

  return {
    sweep,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
