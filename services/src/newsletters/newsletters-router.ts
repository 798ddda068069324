import { randomBytes } from "node:crypto";
import { Router, type Request } from "express";
import { sql, type Kysely } from "kysely";
import {
  CreateNewsletterListRequest,
  NEWSLETTER_LIST_SORT_COLUMNS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_SUBSCRIBER_SORT_COLUMNS,
  NewsletterLinkInvalidError,
  NewsletterListNotFoundError,
  NewsletterListQuery,
  newsletterListStream,
  NewsletterSignupRequest,
  NewsletterSubscriberNotFoundError,
  NewsletterSubscriberQuery,
  NewsletterTokenRequest,
  pathIdOf,
  UkSignupRequest,
  UpdateNewsletterListRequest,
  type EventStore,
  type LogPosition,
  type NewsletterListsAnswer,
  type NewsletterSignupAnswer,
  type UkSignupAnswer,
} from "@shop/shared";
import {
  containsPattern,
  listPage,
  sortColumn,
  type Database,
  type NewsletterListsTable,
  type NewsletterSubscribersTable,
} from "@shop/projections";
import { subscriberOf } from "./subscriber-personal.ts";
import { staffCommandRunner } from "../platform/versioned-command.ts";
import { queueMail } from "../mail/queue-mail.ts";
import { RETRY, runCommand } from "../platform/command-handler.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { issuesToErrorLines, parseQuery, parseRequest } from "../platform/http/validate.ts";
import { decideNewsletterList, newsletterListDecider } from "./newsletter-list.ts";
import { checkSignupForm, decideSubscriber, subscriberDecider, type SubscriberCommand } from "./subscriber.ts";
import { subscribersCsv } from "./subscribers-csv.ts";

/** A subscriber's stream: their own clicks and the staff's edits rarely race, so one fresh try. */
const SUBSCRIBER_RETRY = RETRY.once;

export interface NewslettersRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
  /** SITE_URL: the origin of the confirm and unsubscribe links (never the request's Host). */
  siteUrl: string;
  /** RATE_LIMIT_MULTIPLIER: more confirmation mails per address per hour (benches); 1 unless raised. */
  rateLimitMultiplier?: number;
  /** After an address is confirmed through its link (the giveaway counts that browser's visitor). */
  afterConfirm?: (req: Request, email: string) => Promise<void>;
}

/** One confirmation mail per address per hour (times RATE_LIMIT_MULTIPLIER), decided on the address's stream. */
export const CONFIRM_MAIL_EVERY_MS = 60 * 60_000;

const LIST_BASE = "/admin/api/newsletters/list/";
const SUBSCRIBER_BASE = "/admin/api/newsletters/subscriber/";
export const CONFIRM_PAGE = "/newsletters/confirm/";
export const UNSUBSCRIBE_PAGE = "/newsletters/unsubscribe/";
const newToken = () => randomBytes(18).toString("base64url");

const listView = (l: NewsletterListsTable) => ({
  id: l.id,
  slug: l.slug,
  name: l.name,
  description: l.description,
  requires_postal_code: l.requires_postal_code,
  active: l.active,
  version: l.version,
});

const listFieldsOf = (input: CreateNewsletterListRequest) => ({
  slug: input.slug,
  name: input.name,
  description: input.description,
  requiresPostalCode: input.requires_postal_code,
  active: input.active,
});

/** A subscriber as the admin list shows it; the lists by name. */
const subscriberView = (s: NewsletterSubscribersTable, names: Map<number, string>) => ({
  email: s.email,
  status: s.status,
  lists: [
    ...s.list_ids
      .split(",")
      .filter(Boolean)
      .map((id) => names.get(Number(id)) ?? `#${id}`),
    ...(s.uk ? ["UK"] : []),
  ].join(", "),
  postal_code: s.postal_code,
  requested_at: s.requested_at,
  confirmed_at: s.confirmed_at,
});

/**
 * The newsletter form (§4, §5: actions under /newsletters/), double opt-in through the mail outbox,
 * the unsubscribe link of every mail, the UK email signup (§7, §8), and the staff's lists, subscribers
 * and CSV export.
 */
export function makeNewslettersRouter(deps: NewslettersRouterDeps): Router {
  const router = Router();
  const lists = () => deps.db.selectFrom("newsletter_lists");
  const listById = (id: number) => lists().selectAll().where("id", "=", id).executeTakeFirst();
  const listNames = async () => new Map((await lists().select(["id", "name"]).execute()).map((l) => [l.id, l.name]));

  async function runSubscriber(req: Request, stream: string, command: SubscriberCommand) {
    const result = await runCommand(
      deps.store,
      stream,
      subscriberDecider,
      SUBSCRIBER_RETRY,
      (state) => decideSubscriber(command, state, deps.clock()),
      { metadata: eventMetadata(req) },
    );
    if (result.appended) await deps.waitForProjections(result.appended.position, ["newsletters"]);
    return result;
  }

  const unsubscribeFooter = (token: string) =>
    `\n--\nTo stop receiving these emails, unsubscribe here:\n${deps.siteUrl}${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(token)}\n`;

  // ---- the public form ------------------------------------------------------------------------------

  router.get("/api/newsletters/lists/", async (_req, res) => {
    const rows = await lists().selectAll().where("active", "=", true).orderBy("name").execute();
    const answer: NewsletterListsAnswer = {
      metadata: { success: true },
      items: rows.map((l) => ({
        id: l.id,
        slug: l.slug,
        name: l.name,
        description: l.description,
        requires_postal_code: l.requires_postal_code,
      })),
    };
    res.json(answer);
  });

  router.post("/newsletters/signup/", async (req, res) => {
    const input = parseRequest(NewsletterSignupRequest, req.body);
    const email = input.email.trim().toLowerCase();
    const chosen = input.lists.length
      ? await lists()
          .select(["id", "name", "requires_postal_code"])
          .where("active", "=", true)
          .where("id", "in", input.lists)
          .orderBy("name")
          .execute()
      : [];
    const confirmToken = newToken();
    const chosenLists = chosen.map((l) => ({ id: l.id, requiresPostalCode: l.requires_postal_code }));
    checkSignupForm(chosenLists, input.postal_code);
    const who = await subscriberOf(deps, email, input.postal_code);
    const result = await runSubscriber(req, who.stream, {
      type: "RequestSignup",
      data: {
        email,
        lists: chosenLists,
        postalCode: input.postal_code,
        confirmToken,
        unsubscribeToken: newToken(),
        sealed: who.sealed,
        mailEveryMs: CONFIRM_MAIL_EVERY_MS / (deps.rateLimitMultiplier ?? 1),
      },
    });
    // The same answer whether the address is new, waiting or confirmed: the form tells nobody who subscribes.
    const answer: NewsletterSignupAnswer = {
      metadata: { success: true },
      outcome: "needs-finished",
      message: NEWSLETTER_MESSAGES.needsFinished,
    };
    // Confirmed already, or mailed within the hour: no mail (that link still works).
    if (!result.appended) return res.json(answer);
    const link = `${deps.siteUrl}${CONFIRM_PAGE}?token=${encodeURIComponent(confirmToken)}`;
    await queueMail(
      deps,
      {
        to: email,
        person: who.person,
        subject: "Please confirm your newsletter subscription",
        text:
          `Someone (we hope you) asked to receive these newsletters at ${email}:\n` +
          chosen.map((l) => `- ${l.name}\n`).join("") +
          `\nTo finish your subscription, open this link:\n${link}\n\n` +
          "If you did not ask for it, ignore this email: you will not be subscribed.\n" +
          unsubscribeFooter(result.state.unsubscribeToken ?? ""),
      },
      eventMetadata(req),
    );
    res.json(answer);
  });

  router.post("/api/newsletters/confirm/", async (req, res) => {
    const { token } = parseRequest(NewsletterTokenRequest, req.body);
    const row = await deps.db
      .selectFrom("newsletter_subscribers")
      .select(["subscriber", "email", "person", "unsubscribe_token"])
      .where("confirm_token", "=", token)
      .executeTakeFirst();
    if (!row) throw new NewsletterLinkInvalidError();
    const result = await runSubscriber(req, row.subscriber, { type: "ConfirmSignup", data: { token } });
    await deps.afterConfirm?.(req, row.email);
    const names = await listNames();
    const listed = (result.state.confirmedListIds ?? []).map((id) => names.get(id) ?? `#${id}`);
    await queueMail(
      deps,
      {
        to: row.email,
        person: row.person ?? (await subscriberOf(deps, row.email, "")).person,
        subject: "You are subscribed",
        text:
          `Thank you: ${row.email} now receives these newsletters:\n` +
          listed.map((n) => `- ${n}\n`).join("") +
          unsubscribeFooter(row.unsubscribe_token),
      },
      eventMetadata(req),
    );
    const answer: NewsletterSignupAnswer = {
      metadata: { success: true },
      outcome: "thanks",
      message: NEWSLETTER_MESSAGES.thanks,
    };
    res.json(answer);
  });

  router.post("/api/newsletters/unsubscribe/", async (req, res) => {
    const { token } = parseRequest(NewsletterTokenRequest, req.body);
    const row = await deps.db
      .selectFrom("newsletter_subscribers")
      .select("subscriber")
      .where("unsubscribe_token", "=", token)
      .executeTakeFirst();
    if (!row) throw new NewsletterLinkInvalidError();
    await runSubscriber(req, row.subscriber, { type: "Unsubscribe", data: { token } });
    res.json({ metadata: { success: true }, message: NEWSLETTER_MESSAGES.unsubscribed });
  });

  // The UK form answers as the old endpoint did: success, message, errors (shown under the form, §5).
  router.post("/newsletters/uk-signup/", async (req, res) => {
    const parsed = UkSignupRequest.safeParse(req.body ?? {});
    if (!parsed.success) {
      const errors = issuesToErrorLines(parsed.error.issues);
      const message = NEWSLETTER_MESSAGES.ukFailure;
      const answer: UkSignupAnswer = {
        success: false,
        message,
        errors,
        metadata: { success: false, message, errors, code: "INVALID_REQUEST" },
      };
      return res.status(400).json(answer);
    }
    const email = parsed.data.email.trim().toLowerCase();
    const who = await subscriberOf(deps, email, "");
    const result = await runSubscriber(req, who.stream, {
      type: "UkSignup",
      data: { email, unsubscribeToken: newToken(), sealed: who.sealed },
    });
    if (result.appended) {
      await queueMail(
        deps,
        {
          to: email,
          person: who.person,
          subject: "Welcome to our UK email list",
          text:
            `Thank you: ${email} is now on our UK email list.\n` +
            unsubscribeFooter(result.state.unsubscribeToken ?? ""),
        },
        eventMetadata(req),
      );
    }
    const message = NEWSLETTER_MESSAGES.ukSuccess;
    const answer: UkSignupAnswer = {
      success: true,
      message,
      errors: [],
      metadata: { success: true, message, errors: [] },
    };
    res.json(answer);
  });

  // ---- staff: lists -----------------------------------------------------------------------------------

  const runList = staffCommandRunner(deps, {
    what: "newsletter list",
    decider: newsletterListDecider,
    stream: newsletterListStream,
    decide: decideNewsletterList,
    readModels: ["newsletters"],
  });

  router.post(LIST_BASE, async (req, res) => {
    const input = parseRequest(CreateNewsletterListRequest, req.body);
    const id = await allocateId(deps.db, "newsletter-list");
    await runList(req, id, { type: "AddNewsletterList", data: { id, ...listFieldsOf(input) } });
    res.status(201).json({ metadata: { success: true }, ...listView((await listById(id))!) });
  });

  router.get(LIST_BASE, async (req, res) => {
    const q = parseQuery(NewsletterListQuery, req.query);
    const column = sortColumn(q.sort, NEWSLETTER_LIST_SORT_COLUMNS);
    let query = lists();
    if (q.q) {
      const pattern = containsPattern(q.q);
      query = query.where((eb) =>
        eb.or([eb(sql`lower(name)`, "like", pattern), eb(sql`lower(slug)`, "like", pattern)]),
      );
    }
    const { rows, total } = await listPage(query, q, column);
    res.json({ metadata: { success: true }, items: rows.map(listView), total, count: q.count, start: q.start });
  });

  router.get(`${LIST_BASE}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const row = await listById(id);
    if (!row) throw new NewsletterListNotFoundError();
    res.json({ metadata: { success: true }, ...listView(row) });
  });

  router.put(`${LIST_BASE}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const input = parseRequest(UpdateNewsletterListRequest, req.body);
    if (!(await listById(id))) throw new NewsletterListNotFoundError();
    await runList(req, id, { type: "ChangeNewsletterList", data: listFieldsOf(input) }, input.expected_version);
    res.json({ metadata: { success: true }, ...listView((await listById(id))!) });
  });

  // ---- staff: subscribers and their export ------------------------------------------------------------

  const subscriberQuery = (q: { q?: string; status?: string }) => {
    let query = deps.db.selectFrom("newsletter_subscribers");
    if (q.q) query = query.where(sql`lower(email)`, "like", containsPattern(q.q));
    if (q.status === "pending" || q.status === "confirmed" || q.status === "unsubscribed")
      query = query.where("status", "=", q.status);
    return query;
  };

  router.get(SUBSCRIBER_BASE, async (req, res) => {
    const q = parseQuery(NewsletterSubscriberQuery, req.query);
    const column = sortColumn(q.sort, NEWSLETTER_SUBSCRIBER_SORT_COLUMNS);
    // listPage breaks ties by id; a subscriber's key is the address, so the tie-break is the email.
    const counted = await subscriberQuery(q)
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow();
    let page = subscriberQuery(q)
      .selectAll()
      .orderBy(sql.ref(column), q.sort.startsWith("-") ? "desc" : "asc")
      .orderBy("email")
      .offset(q.start);
    if (q.count >= 0) page = page.limit(q.count);
    const [rows, total] = [await page.execute(), Number(counted.total)];
    const names = await listNames();
    res.json({
      metadata: { success: true },
      items: rows.map((r) => subscriberView(r, names)),
      total,
      count: q.count,
      start: q.start,
    });
  });

  router.get(`${SUBSCRIBER_BASE}:email/`, async (req, res) => {
    const row = await deps.db
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", String(req.params.email).toLowerCase())
      .executeTakeFirst();
    if (!row) throw new NewsletterSubscriberNotFoundError();
    res.json({ metadata: { success: true }, ...subscriberView(row, await listNames()) });
  });

  router.get("/admin/api/newsletters/subscribers.csv", async (req, res) => {
    const q = parseQuery(NewsletterSubscriberQuery, req.query);
    const rows = await subscriberQuery(q).selectAll().orderBy("email").execute();
    const names = await listNames();
    res
      .type("text/csv; charset=utf-8")
      .attachment("newsletter-subscribers.csv")
      .send(subscribersCsv(rows.map((r) => subscriberView(r, names))));
  });

  return router;
}
