import type { MailEvent, Sealed } from "@shop/shared";
import { mailEvents } from "@shop/shared";

/** One email as its stream folds it. */
export type Mail =
  | { status: "none" }
  | { status: "queued" | "sent" | "failed"; mailId: string; attempts: number; retryAt: string | null };

export type MailCommand =
  | {
      type: "QueueMail";
      data: {
        mailId: string;
        to: string;
        subject: string;
        text: string;
        html: string | null;
        sealed?: Sealed;
        now: Date;
      };
    }
  | { type: "RecordSent"; data: { attempt: number; via: "smtp" | "mailbox"; messageId: string; now: Date } }
  | { type: "RecordFailure"; data: { attempt: number; error: string; now: Date } };

/** Attempts before the sender gives up on a mail. */
export const MAX_MAIL_ATTEMPTS = 6;

/** Wait after the n-th failed attempt: 30 s, 1, 2, 4, 8 minutes. */
export const retryDelayMs = (attempt: number) => 30_000 * 2 ** (attempt - 1);

export function evolveMail(state: Mail, event: MailEvent): Mail {
  switch (event.type) {
    case "MailQueued":
      return { status: "queued", mailId: event.data.mailId, attempts: 0, retryAt: event.data.queuedAt };
    case "MailSent":
      return state.status === "none"
        ? state
        : { ...state, status: "sent", attempts: event.data.attempt, retryAt: null };
    case "MailFailed":
      return state.status === "none"
        ? state
        : {
            ...state,
            status: event.data.retryAt ? "queued" : "failed",
            attempts: event.data.attempt,
            retryAt: event.data.retryAt,
          };
    default:
      event satisfies never;
      return state;
  }
}

/** Pure: a mail is queued once, sent once, and each failure schedules the next attempt until the last. */
export function decideMail(command: MailCommand, state: Mail): MailEvent[] {
  switch (command.type) {
    case "QueueMail": {
      if (state.status !== "none") return [];
      const { now, ...data } = command.data;
      return [{ type: "MailQueued", data: { ...data, queuedAt: now.toISOString() } }];
    }
    case "RecordSent": {
      // Sent already (another attempt won) or never queued: nothing to record.
      if (state.status !== "queued") return [];
      const { now, ...data } = command.data;
      return [{ type: "MailSent", data: { mailId: state.mailId, ...data, sentAt: now.toISOString() } }];
    }
    case "RecordFailure": {
      if (state.status !== "queued") return [];
      const { attempt, error, now } = command.data;
      const retryAt =
        attempt >= MAX_MAIL_ATTEMPTS ? null : new Date(now.getTime() + retryDelayMs(attempt)).toISOString();
      return [
        { type: "MailFailed", data: { mailId: state.mailId, attempt, error, failedAt: now.toISOString(), retryAt } },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const mailDecider = { initialState: (): Mail => ({ status: "none" }), events: mailEvents, evolve: evolveMail };
