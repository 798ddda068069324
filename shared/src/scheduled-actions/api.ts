import { z } from "zod";
import { isRealCalendarDate } from "../domain/date-time-format.ts";
import { FORM_MESSAGES } from "../domain/messages.ts";
import { SCHEDULED_ACTION_CONTENT_TYPE } from "../domain/constants.ts";
import { blankAsAbsent, boundedText, isStorableInstant, listStart, pgInt, positiveId } from "../http/request-fields.ts";
import { SCHEDULED_ACTIONS } from "./events.ts";

const NAIVE = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const ZONED = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * An action time as the API takes it. 'yyyy-mm-dd hh:mm' (seconds optional) names a time in UTC:
 * the server keeps one zone so two editors in different zones schedule the same instant (the admin
 * sends the UTC instant of what staff typed in SITE_TIME_ZONE, see ../domain/site-time.ts). An ISO
 * string with Z or an offset is taken as it says. Null for anything else or a day that doesn't exist.
 */
export function parseActionTime(text: string): Date | null {
  const value = text.trim();
  const naive = NAIVE.exec(value);
  if (naive) {
    const [, date, h, m, s] = naive;
    if (!isRealCalendarDate(date) || Number(h) > 23 || Number(m) > 59 || Number(s ?? 0) > 59) return null;
    return new Date(`${date}T${h.padStart(2, "0")}:${m}:${s ?? "00"}Z`);
  }
  const zoned = ZONED.exec(value);
  if (zoned && isRealCalendarDate(zoned[1])) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** 'yyyy-mm-dd hh:mm' in UTC: the shape the admin's date-time field shows and sends back. */
export function formatActionTime(iso: string | Date): string {
  return new Date(iso).toISOString().slice(0, 16).replace("T", " ");
}

const required = (input: unknown) => input === undefined || input === null || input === "";

const actionTime = z
  .string({ error: (i) => (required(i.input) ? FORM_MESSAGES.required : FORM_MESSAGES.invalidDateTime) })
  .min(1, FORM_MESSAGES.required)
  .transform((text, ctx) => {
    const date = parseActionTime(text);
    if (!date || !isStorableInstant(date)) {
      ctx.addIssue({ code: "custom", message: FORM_MESSAGES.invalidDateTime });
      return z.NEVER;
    }
    return date.toISOString();
  })
  .meta({ description: "The site's local time, yyyy-mm-dd hh:mm", override: { examples: ["2027-01-04 09:00"] } });

const action = z.enum(SCHEDULED_ACTIONS, {
  error: (i) => (required(i.input) ? FORM_MESSAGES.required : `"${String(i.input)}" is not a valid choice.`),
});

const objectId = positiveId({ message: "A valid integer is required." });

const fields = {
  action_time: actionTime,
  action,
  /** Who is told when it runs; defaults to the signed-in user. */
  user: z.preprocess((v) => (typeof v === "number" ? String(v) : v), boundedText(100).nullable()).optional(),
  content_type: pgInt()
    .refine(
      (n) => n === SCHEDULED_ACTION_CONTENT_TYPE,
      `Only content type ${SCHEDULED_ACTION_CONTENT_TYPE} (content node) can be scheduled.`,
    )
    .default(SCHEDULED_ACTION_CONTENT_TYPE),
  alert_user: z
    .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean()], { error: "Must be 0 or 1." })
    .transform((v) => v === 1 || v === "1" || v === true)
    .default(false),
};

/** POST /admin/api/base/cmsactionevent/: time and action are both required (back-office §5). */
export const ScheduleActionRequest = z
  .object({
    ...fields,
    object_id: z
      .preprocess((v) => (required(v) ? undefined : v), objectId.optional())
      .refine((v) => v !== undefined, FORM_MESSAGES.required),
  })
  .meta({
    // object_id is required (the refine above), though its preprocess makes zod list it as optional.
    override: ({ jsonSchema }: { jsonSchema: { required?: string[] } }) => {
      jsonSchema.required = [...new Set([...(jsonSchema.required ?? []), "object_id"])];
    },
  });
export type ScheduleActionRequest = z.infer<typeof ScheduleActionRequest>;

/** PUT /admin/api/base/cmsactionevent/{id}/: the same fields; object_id may be left out to keep it. */
export const UpdateScheduledActionRequest = z.object({
  ...fields,
  object_id: z.preprocess((v) => (required(v) ? undefined : v), objectId.optional()),
});
export type UpdateScheduledActionRequest = z.infer<typeof UpdateScheduledActionRequest>;

/** GET /admin/api/base/cmsactionevent/?object_id=&content_type=&start=&count= */
export const ScheduledActionListQuery = z.object({
  object_id: blankAsAbsent(positiveId().optional()),
  content_type: blankAsAbsent(pgInt().optional()),
  start: listStart(),
  count: blankAsAbsent(pgInt().default(100)),
});

/** The status an action shows (and `action:changed` pushes). */
export const SCHEDULED_ACTION_STATUSES = ["pending", "done", "failed", "cancelled"] as const;
export type ScheduledActionStatus = (typeof SCHEDULED_ACTION_STATUSES)[number];

/** One scheduled action in answers. */
export interface ScheduledActionItem {
  id: number;
  action_time: string;
  action_time_iso: string;
  object_id: number;
  action: string;
  user: string | null;
  content_type: number;
  alert_user: 0 | 1;
  status: ScheduledActionStatus;
  result: string | null;
}

/** Push on /admin: `action:changed`. */
export interface ActionChangedMessage {
  id: number;
  object_id: number;
  action: string;
  action_time: string;
  status: ScheduledActionStatus;
}
