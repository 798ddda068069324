import { describe, it } from "vitest";
import type { MailEvent } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideMail, mailDecider, MAX_MAIL_ATTEMPTS } from "./mail.ts";

const spec = deciderSpec(mailDecider, decideMail);
const now = new Date("2026-11-23T10:00:00Z");
const mail = { mailId: "m1", to: "a@b.org", subject: "Hi", text: "Hello", html: null };
const queued: MailEvent = { type: "MailQueued", data: { ...mail, queuedAt: now.toISOString() } };
const sent: MailEvent = {
  type: "MailSent",
  data: { mailId: "m1", attempt: 1, via: "mailbox", messageId: "<m1@x>", sentAt: now.toISOString() },
};
const failed = (attempt: number, retryAt: string | null): MailEvent => ({
  type: "MailFailed",
  data: { mailId: "m1", attempt, error: "down", failedAt: now.toISOString(), retryAt },
});

describe("mail outbox rules", () => {
  it("queueing a mail records it once", () =>
    spec
      .given([])
      .when({ type: "QueueMail", data: { ...mail, now } })
      .then([queued]));

  it("a mail id already queued queues nothing (an idempotent queueMail)", () =>
    spec
      .given([queued])
      .when({ type: "QueueMail", data: { ...mail, now } })
      .then([]));

  it("a sent mail is recorded as sent", () =>
    spec
      .given([queued])
      .when({ type: "RecordSent", data: { attempt: 1, via: "mailbox", messageId: "<m1@x>", now } })
      .then([sent]));

  it("a mail is sent once: a second success records nothing", () =>
    spec
      .given([queued, sent])
      .when({ type: "RecordSent", data: { attempt: 2, via: "mailbox", messageId: "<m1@x>", now } })
      .then([]));

  it("a failed attempt is retried with backoff: 30 s after the first, 60 s after the second", () => {
    spec
      .given([queued])
      .when({ type: "RecordFailure", data: { attempt: 1, error: "down", now } })
      .then([failed(1, "2026-11-23T10:00:30.000Z")]);
    spec
      .given([queued, failed(1, "2026-11-23T10:00:30.000Z")])
      .when({ type: "RecordFailure", data: { attempt: 2, error: "down", now } })
      .then([failed(2, "2026-11-23T10:01:00.000Z")]);
  });

  it(`the sender gives up after ${MAX_MAIL_ATTEMPTS} attempts (retryAt null)`, () =>
    spec
      .given([queued])
      .when({ type: "RecordFailure", data: { attempt: MAX_MAIL_ATTEMPTS, error: "down", now } })
      .then([failed(MAX_MAIL_ATTEMPTS, null)]));

  it("a mail given up on is not sent later", () =>
    spec
      .given([queued, failed(MAX_MAIL_ATTEMPTS, null)])
      .when({ type: "RecordSent", data: { attempt: 7, via: "smtp", messageId: "<m1@x>", now } })
      .then([]));
});
