import { parseCurrencyToCents, formatCents } from "../domain/currency.ts";
import { FORM_MESSAGES } from "../domain/messages.ts";
import { formatSiteTimeInput, siteTimeProblemMessage, siteTimeToUtc } from "../domain/site-time.ts";

/**
 * How a field is typed, shown and sent. `money` is integer cents on the wire and dollars in the form;
 * `list` is a list of texts on the wire (SKU codes) and comma-separated in the form.
 */
export type AdminFieldType =
  | "text"
  | "textarea"
  | "html"
  | "slug"
  | "integer"
  | "money"
  | "boolean"
  | "date"
  | "datetime"
  | "choice"
  | "reference"
  | "list";

/** A reference field's record picker (back-office §3 "Picker configuration attributes"). */
export interface ReferenceLookup {
  /** The lookup base; `{name}` placeholders are filled from the form's fields named in `placeholderFields`. */
  api: string;
  addUrl?: string;
  searchFields?: string[];
  displayFields?: string[];
  /** Fields of the same form whose values fill `{field}` in `api`, `addUrl` and filter values. */
  placeholderFields?: string[];
  /** The form's content-type field: its value picks the lookup (generic, type-driven relations). */
  ctField?: string;
  multiple?: boolean;
}

/** One field of a model, as its record page shows it and its REST answers name it. */
export interface AdminField {
  name: string;
  label: string;
  type: AdminFieldType;
  required?: boolean;
  /** Shown, never sent (ids, counts, computed values). */
  readOnly?: boolean;
  /** Where the answer keeps the value when it differs from `name` (e.g. an ISO twin of a display time). */
  readFrom?: string;
  choices?: ReadonlyArray<{ value: string; label: string }>;
  lookup?: ReferenceLookup;
  /** A slug field follows this field while it matched its slug (§4 "Slug field"). */
  slugFrom?: string;
  help?: string;
  /** Sent on create only (a code or slug that names the record for good). */
  createOnly?: boolean;
  /** A new record's value, as form text. */
  default?: string;
}

/** A list page's column: a field of the row, optionally sortable by the server's sort name. */
export interface AdminListColumn {
  field: string;
  label?: string;
  sort?: string;
  /** The cell links to the row's record page. */
  link?: boolean;
  /** The cell links elsewhere: an admin path with `{field}` filled from the row. */
  linkTo?: string;
  /** A UTC ISO instant, shown in the site's zone. */
  time?: boolean;
  money?: boolean;
}

/** One back-office model: the single description its list page, record page and request bodies come from. */
export interface AdminModel {
  app: string;
  model: string;
  /** The list's title, e.g. 'Keywords'. */
  title: string;
  /** One record, e.g. 'Keyword'. */
  singular: string;
  /** The REST base: list GET and create POST here, a record at `{api}{id}/`. */
  api: string;
  /** The field a record is called by in headings and breadcrumbs. */
  strField: string;
  fields: AdminField[];
  list: {
    columns: AdminListColumn[];
    defaultSort: string;
    /** False when the server's list takes no search or sort: the page loads every row and pages itself. */
    serverSide: boolean;
    /** The list's search parameter: `query` (the picker-style lists) unless said (`q`). */
    searchParam?: string;
    searchFields?: string[];
  };
  /** Records can be changed (PUT `{api}{id}/`). */
  editable: boolean;
  /** Records can be added (POST `{api}`), from `/admin/{app}/{model}/add/`. */
  creatable: boolean;
  /** Saves send the version they started from as `expected_version` (stale-save check). */
  versioned: boolean;
  /** Editing takes the record's lock (§4 "Lock"). */
  lockable: boolean;
  /**
   * The page's own lock reasons, offered by its lock dialog in place of the site's list (§3 "a list
   * may be supplied by the page"). Reason 1 stays the automatic lock.
   */
  lockReasons?: ReadonlyArray<{ id: number; title: string }>;
  /** The key in the answer that names the record in its URL (id unless said: a campaign's slug). */
  idField?: string;
  /** PUT takes every field, not only the changed ones (the scheduled actions' API). */
  fullUpdate?: boolean;
  /** GET `{api}{id}/history/` answers the record's versions (`items` of version, type, at, by, changes). */
  history?: boolean;
  /**
   * The /admin socket push that says a record changed (its payload names the record's `id`): an open
   * record page reads the record again, keeping the edits typed on top.
   */
  livePush?: string;
}

export type AdminRecord = Record<string, unknown>;
/** A form's values, all as text (checkboxes as "1"/""), multiple references as comma-separated ids. */
export type AdminFormValues = Record<string, string>;

export const adminModelKey = (m: Pick<AdminModel, "app" | "model">) => `${m.app}/${m.model}`;

/** The back office's page of a record: /admin/{app}/{model}/{id}/ (the path inside the admin app leaves out /admin). */
export const recordPath = (m: Pick<AdminModel, "app" | "model">, id: string | number) => `/${m.app}/${m.model}/${id}/`;
export const listPath = (m: Pick<AdminModel, "app" | "model">) => `/${m.app}/${m.model}/`;
export const addPath = (m: Pick<AdminModel, "app" | "model">) => `/${m.app}/${m.model}/add/`;
export const recordApi = (m: Pick<AdminModel, "api">, id: string | number) => `${m.api}${id}/`;

/** The id the record's URL uses. */
export const recordIdOf = (m: AdminModel, record: AdminRecord) => String(record[m.idField ?? "id"] ?? "");

/** The fields a form sends: everything not read-only (and, when editing, not create-only). */
export const sentFields = (m: AdminModel, creating: boolean) =>
  m.fields.filter((f) => !f.readOnly && (creating || !f.createOnly));

function toText(field: AdminField, value: unknown, zone: string): string {
  if (value === null || value === undefined) return "";
  switch (field.type) {
    case "money":
      return typeof value === "number" ? formatCents(value) : String(value);
    case "boolean":
      return value === true || value === 1 || value === "1" ? "1" : "";
    case "datetime":
      return typeof value === "string" && value && !Number.isNaN(new Date(value).getTime())
        ? formatSiteTimeInput(value, zone)
        : String(value);
    case "list":
      return Array.isArray(value) ? value.join(", ") : String(value);
    case "reference":
      return Array.isArray(value)
        ? value.join(",")
        : typeof value === "object"
          ? String((value as { id?: unknown }).id ?? "")
          : String(value);
    default:
      if (Array.isArray(value)) return value.join(", ");
      // A user reference ({id, name}) reads as its name.
      if (typeof value === "object" && "name" in value) return String((value as { name: unknown }).name);
      return String(value);
  }
}

/** A record's form values; date-times in the site's zone `zone`. A missing record gives the empty form. */
export function formValuesOf(m: AdminModel, record: AdminRecord | undefined, zone: string): AdminFormValues {
  const values: AdminFormValues = {};
  for (const field of m.fields)
    values[field.name] = record ? toText(field, record[field.readFrom ?? field.name], zone) : (field.default ?? "");
  return values;
}

export type RecordFieldErrors = Record<string, string[]>;

const INTEGER = /^-?\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The §5 checks the browser makes before sending: required fields, whole numbers, money, dates. */
export function validateRecord(
  m: AdminModel,
  values: AdminFormValues,
  zone: string,
  creating: boolean,
): RecordFieldErrors {
  const errors: RecordFieldErrors = {};
  const add = (name: string, message: string) => {
    const list = errors[name] ?? [];
    if (!list.includes(message)) errors[name] = [...list, message];
  };
  for (const field of sentFields(m, creating)) {
    const text = (values[field.name] ?? "").trim();
    if (text === "") {
      if (field.required && field.type !== "boolean") add(field.name, FORM_MESSAGES.required);
      continue;
    }
    if (field.type === "integer" && !INTEGER.test(text)) add(field.name, "Enter a whole number.");
    if (field.type === "money" && !/^[$\d,.\s-]+$/.test(text)) add(field.name, "Enter an amount, like 12.99.");
    if (field.type === "date" && !DATE.test(text)) add(field.name, "Enter a valid date (yyyy-mm-dd).");
    if (field.type === "datetime") {
      const time = siteTimeToUtc(text, zone);
      if (!time.ok) add(field.name, siteTimeProblemMessage(time.problem, FORM_MESSAGES.invalidDateTime));
    }
    if (field.type === "choice" && field.choices && !field.choices.some((c) => c.value === text))
      add(field.name, `"${text}" is not a valid choice.`);
  }
  return errors;
}

function toWire(field: AdminField, text: string, zone: string): unknown {
  const trimmed = text.trim();
  switch (field.type) {
    case "integer":
      return trimmed === "" ? null : Number(trimmed);
    case "money":
      return trimmed === "" ? null : parseCurrencyToCents(trimmed);
    case "boolean":
      return text === "1";
    case "datetime": {
      if (trimmed === "") return null;
      const time = siteTimeToUtc(trimmed, zone);
      return time.ok ? time.iso : trimmed;
    }
    case "date":
      return trimmed === "" ? null : trimmed;
    case "list":
      return trimmed
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean);
    case "reference":
      if (field.lookup?.multiple) return trimmed === "" ? [] : trimmed.split(",").map(Number);
      return trimmed === "" ? null : Number(trimmed);
    default:
      return text;
  }
}

/**
 * The JSON a save sends: every field it may send in its API type (money in cents, date-times as UTC ISO).
 * With `base`, an update sends only the fields that differ from what was loaded.
 */
export function requestBodyOf(
  m: AdminModel,
  values: AdminFormValues,
  zone: string,
  base?: AdminFormValues,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of sentFields(m, base === undefined)) {
    const text = values[field.name] ?? "";
    if (base && !m.fullUpdate && base[field.name] === text) continue;
    body[field.name] = toWire(field, text, zone);
  }
  return body;
}

/** The field names that differ between two sets of form values. */
export const changedFieldNames = (m: AdminModel, base: AdminFormValues, values: AdminFormValues) =>
  m.fields.filter((f) => !f.readOnly && (base[f.name] ?? "") !== (values[f.name] ?? "")).map((f) => f.name);
