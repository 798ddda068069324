import { useState } from "react";
import type { MailboxItem } from "@shop/shared/mail/events";
import { SiteTime } from "../site-time/SiteTime";
import { useMailboxQuery } from "./mailboxApi";

/**
 * /admin/mailbox/: the outbox, newest first. Without SMTP_URL this is where the shop's mail lands
 * (order confirmations, password reset links); with it, where each mail stands (sent, retrying, failed).
 */
export function MailboxPage() {
  const { data: mails, isLoading, isError, refetch, isFetching } = useMailboxQuery();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="card mailbox" aria-labelledby="mailbox-heading">
      <div className="card-heading">
        <h1 id="mailbox-heading">Mailbox</h1>
        <button type="button" onClick={() => refetch()} disabled={isFetching}>
          Refresh
        </button>
      </div>
      {isLoading && (
        <p className="muted" role="status">
          Loading the mailbox…
        </p>
      )}
      {isError && (
        <p role="alert">
          The mailbox could not be loaded.{" "}
          <button type="button" onClick={() => refetch()}>
            Try again
          </button>
        </p>
      )}
      {mails && mails.length === 0 && <p className="muted">No mail yet.</p>}
      {mails && mails.length > 0 && (
        <ul className="mailbox-list">
          {mails.map((mail) => (
            <MailEntry
              key={mail.id}
              mail={mail}
              open={open === mail.id}
              onToggle={() => setOpen(open === mail.id ? null : mail.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function MailEntry({ mail, open, onToggle }: { mail: MailboxItem; open: boolean; onToggle: () => void }) {
  return (
    <li className="mailbox-entry">
      <button type="button" aria-expanded={open} onClick={onToggle}>
        {mail.subject}
      </button>{" "}
      <span className="muted">
        to {mail.to} · <SiteTime iso={mail.queued_at} /> · {mail.status}
        {mail.status === "sent" && mail.via === "mailbox" ? " (local mailbox)" : ""}
        {mail.last_error ? ` · attempt ${mail.attempts}: ${mail.last_error}` : ""}
      </span>
      {open && <pre className="mailbox-text">{mail.text}</pre>}
    </li>
  );
}
