import { z } from "zod";
import { isDateString, isDateTimeString, isRealCalendarDate } from "../domain/date-time-format.ts";
import { FORM_MESSAGES } from "../domain/messages.ts";
import {
  blankAsAbsent,
  boundedText,
  ID_LIST_MAX,
  idOfItem,
  isStorableInstant,
  listCount,
  listStart,
  LONG_TEXT_MAX,
  nullableId,
  pgInt,
  positiveId,
  requiredText,
  tooManyItems,
} from "../http/request-fields.ts";
import { pageFieldRequest } from "./page-fields.ts";
import { CONTENT_ACTIONS } from "./status-actions.ts";

const required = { error: FORM_MESSAGES.required };
const emptyToNull = (v: unknown) => (v === "" ? null : v);

/** A record id (1 to 2147483647) as a number or a numeric string. */
export const IdSchema = positiveId();
const NullableId = nullableId();
/** true/false, 1/0 or their strings (query strings and old forms send text). */
const Flag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(["true", "false", "1", "0", ""])])
  .transform((v) => v === true || v === 1 || v === "true" || v === "1");

/**
 * A date-time as 'yyyy-mm-dd hh:mm[:ss]' (read as UTC), 'yyyy-mm-dd', or ISO 8601; blank means none.
 * Becomes an ISO string.
 */
export const NullableDateTime = z.preprocess(
  emptyToNull,
  z
    .string()
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const text = v.trim();
      const datePart = text.slice(0, 10);
      const ok =
        (isDateTimeString(text) || isDateString(text) || /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:?\d\d)?$/.test(text)) &&
        isRealCalendarDate(datePart);
      const date = ok
        ? new Date(text.includes("T") ? text : `${text.replace(" ", "T")}${text.length === 10 ? "T00:00" : ""}Z`)
        : null;
      if (!date || !isStorableInstant(date)) {
        ctx.addIssue({ code: "custom", message: FORM_MESSAGES.invalidDateTime });
        return z.NEVER;
      }
      return date.toISOString();
    }),
);

const KeywordIds = z.array(z.preprocess(idOfItem, IdSchema)).max(ID_LIST_MAX, tooManyItems(ID_LIST_MAX));

/** The editable fields of a content or menu node as the admin form sends them (snake_case). */
const nodeFields = {
  name: requiredText(255),
  slug: boundedText(255),
  parent: NullableId,
  short_description: boundedText(LONG_TEXT_MAX, { trim: false }),
  url: boundedText(500),
  body: boundedText(LONG_TEXT_MAX, { trim: false }),
  node_type: NullableId,
  published: NullableDateTime,
  last_published: NullableDateTime,
  keywords: KeywordIds,
};

const saveOptions = {
  ignore_warnings: Flag.optional().default(false),
  /** The version the editor loaded; a save against an older one is refused (409). */
  expected_version: pgInt({ min: -1 }).optional(),
};

/** PUT .../{id}/ and PUT /admin/api/content/node-ipa-save/: only the edited fields (page fields: content nodes only). */
export const UpdateNodeRequest = z.object({
  ...partial(nodeFields),
  ...pageFieldRequest,
  ...saveOptions,
  id: IdSchema.optional(),
});
export type UpdateNodeInput = z.infer<typeof UpdateNodeRequest>;

/** POST /admin/api/content/contentnode/ (and /admin/api/tree/menunode/): name is required. */
export const CreateNodeRequest = UpdateNodeRequest.extend({ name: requiredText(255) });
export type CreateNodeInput = z.infer<typeof CreateNodeRequest>;

function partial<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
}

/** PUT /admin/api/content/node-ipa-save/: the edited fields plus the node's id. */
export const IpaSaveRequest = UpdateNodeRequest.extend({ id: IdSchema });

/** POST /admin/content/contentnode/action/: `pk` and `id` both name the node (either is enough). */
export const ContentActionRequest = z
  .object({ action: z.enum(CONTENT_ACTIONS, required), pk: IdSchema.optional(), id: IdSchema.optional() })
  .refine((v) => v.pk !== undefined || v.id !== undefined, { message: FORM_MESSAGES.required, path: ["pk"] })
  .meta({
    description: "`pk` or `id` names the node: one of them is required.",
    anyOf: [{ required: ["pk"] }, { required: ["id"] }],
  });

export const NodeHistoryQuery = z.object({ at: pgInt({ min: 0 }).optional() });

/** POST /admin/api/content/keyword/: slug defaults to the name's slug. */
export const CreateKeywordRequest = z.object({
  name: requiredText(100),
  slug: boundedText(100).optional(),
  monthly_searches: blankAsAbsent(pgInt({ min: 0 }).optional()),
});

/** POST/DELETE /admin/api/content/contentnode/{id}/keywords/ */
/** POST (link) or DELETE (unlink) one keyword; a link that repeats a word too often warns unless ignore_warnings. */
export const KeywordLinkRequest = z.object({ keyword: IdSchema, ignore_warnings: Flag.optional().default(false) });

/** POST /admin/api/content/role/; PUT .../role/{id}/ takes the same fields, all optional. */
export const CreateRoleRequest = z.object({
  node: IdSchema,
  contributor: requiredText(255),
  role: requiredText(100),
  sort_order: blankAsAbsent(pgInt({ min: 0 }).optional()),
});
export const UpdateRoleRequest = CreateRoleRequest.omit({ node: true }).partial();

/** GET /api/content/page/?url= */
export const PageQuery = z.object({
  url: requiredText(2000, { trim: false }),
  preview: Flag.optional().default(false),
});

/** GET /admin/api/tree/pendingrewritebatch/ */
export const PendingRewriteBatchesQuery = z.object({
  start: listStart(),
  count: listCount(),
  node: positiveId().optional(),
});
