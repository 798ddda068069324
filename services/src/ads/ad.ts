import { adEvents, AdExistsError, AdNotFoundError, type AdEvent, type AdKind, type UserRef } from "@shop/shared";

export interface AdFields {
  title: string;
  linkUrl: string;
  imageUrl: string;
  altText: string;
  active: boolean;
  kind: AdKind;
}

export type Ad = { exists: false } | ({ exists: true; id: number } & AdFields);

export type AdCommand = { type: "AddAd"; data: { id: number } & AdFields } | { type: "ChangeAd"; data: AdFields };

const fieldsOf = (d: AdFields): AdFields => ({
  title: d.title,
  linkUrl: d.linkUrl,
  imageUrl: d.imageUrl,
  altText: d.altText,
  active: d.active,
  kind: d.kind,
});

export const adDecider = {
  initialState: (): Ad => ({ exists: false }),
  events: adEvents,
  evolve(_state: Ad, event: AdEvent): Ad {
    return { exists: true, id: event.data.id, ...fieldsOf(event.data) };
  },
};

/** Pure. An ad is added once; a change that changes nothing appends nothing. */
export function decideAd(command: AdCommand, state: Ad, meta: { now: Date; by: UserRef | null }): AdEvent[] {
  const at = meta.now.toISOString();
  if (command.type === "AddAd") {
    if (state.exists) throw new AdExistsError();
    return [{ type: "AdAdded", data: { ...command.data, addedAt: at, by: meta.by } }];
  }
  if (!state.exists) throw new AdNotFoundError();
  const next = fieldsOf(command.data);
  if (JSON.stringify(next) === JSON.stringify(fieldsOf(state))) return [];
  return [{ type: "AdChanged", data: { id: state.id, ...next, changedAt: at, by: meta.by } }];
}
