import {
  NewsletterListExistsError,
  NewsletterListNotFoundError,
  newsletterListEvents,
  type NewsletterListEvent,
  type UserRef,
} from "@shop/shared";

export interface NewsletterListFields {
  slug: string;
  name: string;
  description: string;
  requiresPostalCode: boolean;
  active: boolean;
}

export type NewsletterList = { exists: false } | ({ exists: true; id: number } & NewsletterListFields);

export type NewsletterListCommand =
  | { type: "AddNewsletterList"; data: { id: number } & NewsletterListFields }
  | { type: "ChangeNewsletterList"; data: NewsletterListFields };

const fieldsOf = (d: NewsletterListFields): NewsletterListFields => ({
  slug: d.slug,
  name: d.name,
  description: d.description,
  requiresPostalCode: d.requiresPostalCode,
  active: d.active,
});

export const newsletterListDecider = {
  initialState: (): NewsletterList => ({ exists: false }),
  events: newsletterListEvents,
  evolve(_state: NewsletterList, event: NewsletterListEvent): NewsletterList {
    return { exists: true, id: event.data.id, ...fieldsOf(event.data) };
  },
};

/** Pure. A list is added once; a change that changes nothing appends nothing. */
export function decideNewsletterList(
  command: NewsletterListCommand,
  state: NewsletterList,
  meta: { now: Date; by: UserRef | null },
): NewsletterListEvent[] {
  const at = meta.now.toISOString();
  if (command.type === "AddNewsletterList") {
    if (state.exists) throw new NewsletterListExistsError();
    return [{ type: "NewsletterListAdded", data: { ...command.data, addedAt: at, by: meta.by } }];
  }
  if (!state.exists) throw new NewsletterListNotFoundError();
  const next = fieldsOf(command.data);
  if (JSON.stringify(next) === JSON.stringify(fieldsOf(state))) return [];
  return [{ type: "NewsletterListChanged", data: { id: state.id, ...next, changedAt: at, by: meta.by } }];
}
