import { z } from "zod";
import { FORM_MESSAGES } from "../domain/messages.ts";

// Zod building blocks for every request schema. Each bounds a value to what the event that carries
// it and the read-model column that keeps it can hold (ids and counts are PostgreSQL `integer`;
// text is `text`/`jsonb`, which refuse NUL and broken Unicode), so a request that passes always
// writes an event that reads back through its own schema and projects.

/** Largest value of a PostgreSQL `integer` column: every id, count and number the read models keep. */
export const PG_INT_MAX = 2_147_483_647;
export const PG_INT_MIN = -2_147_483_648;

/** Longest text a request may carry in one field (the request itself is limited to 1 MB). */
export const LONG_TEXT_MAX = 1_000_000;

export const REQUEST_FIELD_MESSAGES = {
  wholeNumber: "Enter a whole number.",
  atLeast: (n: number) => `Ensure this value is greater than or equal to ${n}.`,
  atMost: (n: number) => `Ensure this value is less than or equal to ${n}.`,
  text: "Enter text.",
  tooLong: (n: number) => `Ensure this field has no more than ${n} characters.`,
  storable: "Enter text without NUL characters or broken Unicode.",
} as const;

/** Whether a path id names something that can exist: digits only, 1 to PG_INT_MAX. */
export function pathIdOf(raw: unknown): number | null {
  const text = String(raw);
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= PG_INT_MAX ? id : null;
}

export interface IntOptions {
  min?: number;
  max?: number;
  /** For a value that is not a whole number (default 'Enter a whole number.'). */
  message?: string;
  /** For one out of range (default Django's 'Ensure this value is ...'). */
  rangeMessage?: string;
}

/**
 * A whole number sent as JSON (42) or as text ("42", as forms and query strings send it), bounded
 * to [min, max]: by default what an `integer` column holds. A missing value is 'This field is required.'.
 */
export function pgInt(options: IntOptions = {}) {
  const min = Math.max(options.min ?? PG_INT_MIN, PG_INT_MIN);
  const max = Math.min(options.max ?? PG_INT_MAX, PG_INT_MAX);
  const invalid = options.message ?? REQUEST_FIELD_MESSAGES.wholeNumber;
  return (
    z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^-?\d{1,20}$/)
            .transform(Number),
        ],
        {
          error: (issue) => (issue.input === undefined ? FORM_MESSAGES.required : invalid),
        },
      )
      .pipe(
        z
          .number({ error: invalid })
          // Not .int(): that also refuses integers past 2^53, which deserve the range message instead.
          .refine(Number.isInteger, invalid)
          .min(min, options.rangeMessage ?? REQUEST_FIELD_MESSAGES.atLeast(min))
          .max(max, options.rangeMessage ?? REQUEST_FIELD_MESSAGES.atMost(max)),
      )
      // /api/openapi.json shows the input side (a number, or digits): each with the range, not only in prose.
      .meta({
        description: `A whole number from ${min} to ${max}, as a number or as digits.`,
        override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
          jsonSchema.anyOf = [
            { type: "integer", minimum: min, maximum: max },
            { type: "string", pattern: min >= 0 ? "^\\s*\\d{1,10}\\s*$" : "^\\s*-?\\d{1,10}\\s*$" },
          ];
        },
      })
  );
}

/** A record id: 1 to PG_INT_MAX, as a number or digits. */
export const positiveId = (options: Omit<IntOptions, "min" | "max"> = {}) => pgInt({ ...options, min: 1 });

/** Blank ("" or null) counts as not sent, so an optional field takes its default (old forms send blanks). */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema);

/** `{id: 42}` (a picker's item) is its id; anything else is left as it is. */
export const idOfItem = (v: unknown) =>
  v !== null && typeof v === "object" && !Array.isArray(v) && "id" in v ? (v as { id: unknown }).id : v;

/** Blank ("") is null: a foreign key cleared in a form. */
export const nullableId = (options: Omit<IntOptions, "min" | "max"> = {}) =>
  z.preprocess((v) => (v === "" ? null : v), positiveId(options).nullable());

/** Whether a timestamptz column holds this instant: years 1 to 9999 in UTC (PostgreSQL has no year 0). */
export const isStorableInstant = (date: Date) =>
  !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999;

/** No NUL (PostgreSQL text and jsonb refuse it) and no lone surrogate (jsonb refuses it). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character PostgreSQL refuses
export const isStorableText = (value: string) => !/\u0000|\p{Cs}/u.test(value);

/** Text bounded to `max` characters that PostgreSQL can store; trimmed unless told otherwise. */
export function boundedText(max: number, options: { trim?: boolean } = {}) {
  const base = z.string({
    error: (issue) => (issue.input === undefined ? FORM_MESSAGES.required : REQUEST_FIELD_MESSAGES.text),
  });
  return (options.trim === false ? base : base.trim())
    .max(max, REQUEST_FIELD_MESSAGES.tooLong(max))
    .refine(isStorableText, REQUEST_FIELD_MESSAGES.storable);
}

/** A form checkbox: true, or "1"/"on"/"true" as a form sends it; false, "0", "off", "false" or "" for off. */
export const checkbox = z
  .union([z.boolean(), z.enum(["1", "on", "true", "0", "off", "false", ""])])
  .transform((v) => v === true || v === "1" || v === "on" || v === "true");

/** Bounded text that must not be blank. */
export const requiredText = (max: number, options: { trim?: boolean } = {}) =>
  boundedText(max, options)
    .refine((v) => v.length > 0, FORM_MESSAGES.required)
    .meta({ minLength: 1 });

/** Most ids one field may list (each is looked up in the log before the write). */
export const ID_LIST_MAX = 500;
export const tooManyItems = (n: number) => `Ensure this field has no more than ${n} items.`;

/** Paging of the admin lists: `start` from 0, `count` from -1 (everything), each at most PG_INT_MAX. */
export const listStart = () => blankAsAbsent(pgInt({ min: 0 }).default(0));
export const listCount = (fallback = 100) => blankAsAbsent(pgInt({ min: -1 }).default(fallback));
