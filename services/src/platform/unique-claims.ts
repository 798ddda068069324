import {
  uniqueValueStream,
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from "@shop/shared";

/**
 * A value only one record may hold (a node's url, a keyword's name), decided from its own claim
 * stream with expected versions: of two requests racing for it, the second append conflicts and
 * decides again on the first one's claim. Read models may lag; this never does.
 */
export interface UniqueValue {
  scope: string;
  value: string;
}

/** Who holds a value: a record id with the time it claimed it; null when free. */
export type ClaimHolder = { owner: number; claimedAt: string } | null;

export interface ClaimRules {
  /**
   * For a value nobody ever claimed on the log (records written before claims existed): the record
   * that holds it, from the read model. Those records never move without releasing, so this is safe.
   */
  legacyHolder: () => Promise<number | null>;
  /** Whether `owner` really has the value; a claim it never used (a crash between two appends) goes stale. */
  stillHolds: (owner: number) => Promise<boolean>;
}

/** A claim whose record does not have the value after this long was left by a crashed or failed write. */
export const STALE_CLAIM_AFTER_MS = 60_000;

type Folded = { holder: ClaimHolder; version: number | "no-stream" };

function fold(events: RecordedEvent[]): Folded {
  let holder: ClaimHolder = null;
  for (const e of events) {
    const data = e.data as { owner: number; claimedAt?: string };
    if (e.type === "UniqueValueClaimed") holder = { owner: data.owner, claimedAt: data.claimedAt! };
    else if (e.type === "UniqueValueReleased" && holder?.owner === data.owner) holder = null;
  }
  return { holder, version: events.length ? events[events.length - 1].streamPosition : "no-stream" };
}

async function current(store: EventStore, value: UniqueValue, rules: ClaimRules, now: Date): Promise<Folded> {
  const folded = fold(await store.readStream(uniqueValueStream(value.scope, value.value)));
  if (folded.version === "no-stream") {
    const legacy = await rules.legacyHolder();
    return { ...folded, holder: legacy === null ? null : { owner: legacy, claimedAt: new Date(0).toISOString() } };
  }
  const { holder } = folded;
  if (
    holder &&
    now.getTime() - Date.parse(holder.claimedAt) > STALE_CLAIM_AFTER_MS &&
    !(await rules.stillHolds(holder.owner))
  ) {
    return { ...folded, holder: null };
  }
  return folded;
}

/** Who holds the value now, as the log says (for the checks made before a command decides). */
export async function holderOf(
  store: EventStore,
  value: UniqueValue,
  rules: ClaimRules,
  now: Date,
): Promise<number | null> {
  return (await current(store, value, rules, now)).holder?.owner ?? null;
}

/**
 * Claims the value for `owner`. Answers true when it now holds it (already held counts), false
 * when another record does. A conflicting append decides again on the fresh stream.
 */
export async function claimValue(
  store: EventStore,
  value: UniqueValue,
  owner: number,
  rules: ClaimRules,
  now: Date,
  metadata: EventMetadata,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const { holder, version } = await current(store, value, rules, now);
    if (holder?.owner === owner) return true;
    if (holder) return false;
    const claimedAt = now.toISOString();
    try {
      await store.append(
        uniqueValueStream(value.scope, value.value),
        [{ type: "UniqueValueClaimed", data: { ...value, owner, claimedAt }, metadata }],
        { expectedVersion: version },
      );
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 8) throw error;
    }
  }
}

/**
 * Frees the value if `owner` holds it (or, for a value never claimed on the log, marks it free so
 * the log decides from now on). A lost race means someone else holds it now: nothing to free.
 */
export async function releaseValue(
  store: EventStore,
  value: UniqueValue,
  owner: number,
  now: Date,
  metadata: EventMetadata,
): Promise<void> {
  const { holder, version } = fold(await store.readStream(uniqueValueStream(value.scope, value.value)));
  if (version !== "no-stream" && holder?.owner !== owner) return;
  try {
    await store.append(
      uniqueValueStream(value.scope, value.value),
      [{ type: "UniqueValueReleased", data: { ...value, owner, releasedAt: now.toISOString() }, metadata }],
      { expectedVersion: version },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
  }
}
