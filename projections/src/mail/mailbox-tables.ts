/** mailbox: every email of the outbox and where it stands; the local mailbox when there is no SMTP server. */
export interface MailboxTable {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: "queued" | "sent" | "failed";
  via: "smtp" | "mailbox" | null;
  attempts: number;
  last_error: string | null;
  /** ISO times (text, UTC): compared as strings. */
  next_attempt_at: string | null;
  queued_at: string;
  sent_at: string | null;
  /** Whose key sealed the address and body (a mail about their order); null for a mail in clear. */
  person: string | null;
}

export interface MailboxTables {
  mailbox: MailboxTable;
}
