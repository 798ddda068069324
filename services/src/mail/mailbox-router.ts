import { Router } from "express";
import type { Kysely } from "kysely";
import { z } from "zod";
import { NotFoundError } from "@shop/shared";
import { findMail, listMails, type Database } from "@shop/projections";
import { parseQuery } from "../platform/http/validate.ts";

const BASE = "/admin/api/mailbox/";

export const MailboxQuery = z.object({ to: z.string().trim().optional() });

/** Staff read the outbox: every mail queued, where it stands, and its text (GET only: mail is sent by the sender). */
export function makeMailboxRouter(deps: { db: Kysely<Database> }): Router {
  const router = Router();
  router.get(BASE, async (req, res) => {
    const q = parseQuery(MailboxQuery, req.query);
    res.json({ metadata: { success: true }, items: await listMails(deps.db, { to: q.to }) });
  });
  router.get(`${BASE}:id/`, async (req, res) => {
    const mail = await findMail(deps.db, req.params.id);
    if (!mail) throw new NotFoundError();
    res.json({ metadata: { success: true }, mail });
  });
  return router;
}
