import { CONTENT_NODE_ERRORS, FORM_MESSAGES, isDateTimeString, isRealCalendarDate } from '@shop/shared';
import type { ContentNode, NodeChanges } from './contentNodeApi';
import {
  EMPTY_PAGE_VALUES,
  PAGE_FIELD_LABELS,
  pageFieldDiffers,
  pageFieldErrors,
  pageFieldValue,
  toPageFormValues,
  type PageFieldName,
  type PageFormValues,
} from './pageFieldValues';

/** The form's inputs, all as text: ids and date-times as typed. */
export type NodeFormValues = PageFormValues & {
  name: string;
  slug: string;
  parent: string;
  short_description: string;
  published: string;
  last_published: string;
  url: string;
  body: string;
  node_type: string;
};
export type FieldName = keyof NodeFormValues;
export type FieldErrors = Partial<Record<FieldName, string[]>>;

export const EMPTY_VALUES: NodeFormValues = {
  name: '', slug: '', parent: '', short_description: '', published: '', last_published: '', url: '', body: '', node_type: '',
  ...EMPTY_PAGE_VALUES,
};

const PAGE_FIELDS = new Set<string>(Object.keys(EMPTY_PAGE_VALUES));
const isPageField = (field: FieldName): field is PageFieldName => PAGE_FIELDS.has(field);

/** ISO from the server → 'yyyy-mm-dd hh:mm' in UTC, which the server reads back as the same instant. */
export function toDateTimeText(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 16).replace('T', ' ');
}

export function toFormValues(node: ContentNode | undefined): NodeFormValues {
  if (!node) return EMPTY_VALUES;
  return {
    name: node.name,
    slug: node.slug,
    parent: node.parent === null ? '' : String(node.parent),
    short_description: node.short_description,
    published: toDateTimeText(node.published),
    last_published: toDateTimeText(node.last_published),
    url: node.url,
    body: node.body,
    node_type: node.node_type === null ? '' : String(node.node_type),
    ...toPageFormValues(node),
  };
}

/** Only the fields that differ from what was loaded, in the API's types. */
export function changedFields(base: NodeFormValues, values: NodeFormValues): NodeChanges {
  const changes: NodeChanges = {};
  for (const key of Object.keys(values) as FieldName[]) {
    if (isPageField(key)) {
      if (pageFieldDiffers(key, base[key], values[key])) (changes as Record<string, unknown>)[key] = pageFieldValue(key, values[key]);
      continue;
    }
    if (values[key] === base[key]) continue;
    const value = values[key].trim() === '' ? null : values[key];
    if (key === 'parent' || key === 'node_type') changes[key] = value === null ? null : Number(value);
    else if (key === 'published' || key === 'last_published') changes[key] = value;
    else changes[key] = values[key];
  }
  return changes;
}

/** Blank, or 'yyyy-mm-dd hh:mm' naming a real day (§5). */
export const validDateTime = (text: string) => {
  const value = text.trim();
  return value === '' || (isDateTimeString(value) && isRealCalendarDate(value.slice(0, 10)));
};

/** The checks the browser can make before saving (back-office §5): required name, date-times and their pairing. */
export function validateNode(values: NodeFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: FieldName, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  if (values.name.trim() === '') add('name', FORM_MESSAGES.required);
  for (const field of ['published', 'last_published'] as const) {
    if (!validDateTime(values[field])) add(field, FORM_MESSAGES.invalidDateTime);
  }
  const published = values.published.trim() !== '';
  const lastPublished = values.last_published.trim() !== '';
  if (published && !lastPublished) add('last_published', CONTENT_NODE_ERRORS.publishedWithoutLastPublished);
  if (lastPublished && !published) add('published', CONTENT_NODE_ERRORS.lastPublishedWithoutPublished);
  for (const field of Object.keys(EMPTY_PAGE_VALUES) as PageFieldName[]) {
    for (const message of pageFieldErrors(field, values[field])) add(field, message);
  }
  return errors;
}

export const FIELD_LABELS: Record<FieldName, string> = {
  name: 'Name',
  slug: 'Slug',
  parent: 'Contained in',
  short_description: 'Short description',
  published: 'Published',
  last_published: 'Last published',
  url: 'URL',
  body: 'Body',
  node_type: 'Node type',
  ...PAGE_FIELD_LABELS,
};
