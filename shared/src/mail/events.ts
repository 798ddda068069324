import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";
import { Sealed } from "../personal-data/sealed.ts";

/** What of a mail to a person is theirs: sealed with their key in `MailQueued.sealed`. */
export const SealedMail = z.object({ to: z.string(), text: z.string(), html: z.string().nullable() });
export type SealedMail = z.infer<typeof SealedMail>;

/** Stream of one outgoing email: queued once, then sent once or failed attempt by attempt. */
export const mailStream = (mailId: string) => `mail-${mailId}`;

/** An email to send: the outbox. The sender (one process, the projection leader) delivers it. */
export const MailQueued = defineEvent(
  "MailQueued",
  z.object({
    mailId: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    /** Optional HTML alternative of `text`. */
    html: z.string().nullable(),
    queuedAt: z.string(),
    /**
     * A mail about a person's order: `to`, `text` and `html` sealed with their key (then "" and null
     * above), so erasing the person erases the mail too. Absent: a mail written in clear.
     */
    sealed: Sealed.optional(),
  }),
);

/** Delivered: over SMTP, or into the local mailbox when no SMTP_URL is set. */
export const MailSent = defineEvent(
  "MailSent",
  z.object({
    mailId: z.string(),
    attempt: z.number().int().min(1),
    via: z.enum(["smtp", "mailbox"]),
    /** The stable Message-ID every attempt used, so a receiver can drop a repeat. */
    messageId: z.string(),
    sentAt: z.string(),
  }),
);

/** One attempt failed; `retryAt` null means the sender gave up. */
export const MailFailed = defineEvent(
  "MailFailed",
  z.object({
    mailId: z.string(),
    attempt: z.number().int().min(1),
    error: z.string(),
    failedAt: z.string(),
    retryAt: z.string().nullable(),
  }),
);

export const mailEvents = [MailQueued, MailSent, MailFailed] as const;
export type MailEvent = EventOf<typeof mailEvents>;

/** A mail as GET /admin/api/mailbox/ and `npm run ops -- mails` show it. */
export const MailboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(["queued", "sent", "failed"]),
  via: z.enum(["smtp", "mailbox"]).nullable(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  queued_at: z.string(),
  sent_at: z.string().nullable(),
  /** When the sender tries a queued mail next (after a failure it backs off); null once sent or failed. */
  next_attempt_at: z.string().nullable(),
});
export type MailboxItem = z.infer<typeof MailboxItem>;
