import { z } from "zod";
import { MailboxItem } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";
import { MailboxQuery } from "./mailbox-router.ts";

/** The mailbox routes for /api/openapi.json (services/src/mail/mailbox-router.ts). */
export const MAIL_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/admin/api/mailbox/",
    summary: "The outbox and local mailbox, newest first (to: one address)",
    query: MailboxQuery,
    fields: { items: z.array(MailboxItem) },
  },
  { method: "GET", path: "/admin/api/mailbox/:id/", summary: "One mail", fields: { mail: MailboxItem } },
];
