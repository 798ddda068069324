import type { Transporter } from "nodemailer";

export interface MailToSend {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Delivers one mail, or throws. `messageId` is the same on every attempt of one mail. */
export interface MailTransport {
  via: "smtp" | "mailbox";
  send(mail: MailToSend, messageId: string): Promise<void>;
}

/** SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@mail.example.org:587). */
export function smtpTransport(url: string, from: string): MailTransport {
  // nodemailer (about 3 MiB in the process) loads with the first mail, not with every server. A URL
  // it could not parse still stops the server at start, as when it was made here.
  new URL(url);
  let transporter: Promise<Transporter> | undefined;
  return {
    via: "smtp",
    async send(mail, messageId) {
      transporter ??= import("nodemailer").then((nodemailer) => nodemailer.default.createTransport(url));
      await (await transporter).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId,
      });
    },
  };
}

/** No SMTP server: delivering means the mail shows as sent in the local mailbox (the read model). */
export const localMailbox: MailTransport = { via: "mailbox", async send() {} };

/** SMTP when SMTP_URL is set, else the local mailbox. */
export const mailTransportFor = (config: { SMTP_URL?: string; MAIL_FROM: string }): MailTransport =>
  config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : localMailbox;

/** The Message-ID of a mail: derived from its id, so a repeated delivery is recognisably the same mail. */
export const messageIdOf = (mailId: string, from: string) => {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
  return `<${mailId}@${domain}>`;
};
