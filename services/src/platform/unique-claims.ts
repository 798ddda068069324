import {
  UniqueValueClaimed,
  UniqueValueReleased,
  uniqueValueStream,
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
} from "@shop/shared";
import { foldStream, RETRY, runCommand, type Decider, type RetryPolicy } from "./command-handler.ts";

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

/** A claim stream's holder: the last claim, until its owner releases it. */
const claimDecider: Decider<ClaimHolder, [typeof UniqueValueClaimed, typeof UniqueValueReleased]> = {
  initialState: () => null,
  events: [UniqueValueClaimed, UniqueValueReleased],
  evolve: (holder, e) =>
    e.type === "UniqueValueClaimed"
      ? { owner: e.data.owner, claimedAt: e.data.claimedAt }
      : holder?.owner === e.data.owner
        ? null
        : holder,
};

/** Two records racing for one free value: the loser decides again on the winner's claim (and stops). */
const CLAIM_RETRY: RetryPolicy = { onConflict: "retry", attempts: 8 };

/** Who holds the value as far as the rules go: a legacy holder for a stream never written, none for a stale claim. */
async function effective(folded: ClaimHolder, version: number, rules: ClaimRules, now: Date): Promise<ClaimHolder> {
  if (version < 0) {
    const legacy = await rules.legacyHolder();
    return legacy === null ? null : { owner: legacy, claimedAt: new Date(0).toISOString() };
  }
  if (
    folded &&
    now.getTime() - Date.parse(folded.claimedAt) > STALE_CLAIM_AFTER_MS &&
    !(await rules.stillHolds(folded.owner))
  )
    return null;
  return folded;
}

async function current(store: EventStore, value: UniqueValue, rules: ClaimRules, now: Date): Promise<ClaimHolder> {
  const recorded = await store.readStream(uniqueValueStream(value.scope, value.value));
  const version = recorded.length ? recorded[recorded.length - 1].streamPosition : -1;
  return effective(foldStream(claimDecider, recorded), version, rules, now);
}

/** Who holds the value now, as the log says (for the checks made before a command decides). */
export async function holderOf(
  store: EventStore,
  value: UniqueValue,
  rules: ClaimRules,
  now: Date,
): Promise<number | null> {
  return (await current(store, value, rules, now))?.owner ?? null;
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
  let held = true;
  await runCommand(
    store,
    uniqueValueStream(value.scope, value.value),
    claimDecider,
    CLAIM_RETRY,
    async (folded, version) => {
      const holder = await effective(folded, version, rules, now);
      held = !holder || holder.owner === owner;
      return holder
        ? []
        : [{ type: "UniqueValueClaimed" as const, data: { ...value, owner, claimedAt: now.toISOString() } }];
    },
    { metadata },
  );
  return held;
}

/**
 * Frees the value if `owner` holds it (or, for a value never claimed on the log, marks it free so
 * the log decides from now on). A lost race means someone else holds it now: nothing to free, so the
 * conflict is refused and dropped.
 */
export async function releaseValue(
  store: EventStore,
  value: UniqueValue,
  owner: number,
  now: Date,
  metadata: EventMetadata,
): Promise<void> {
  try {
    await runCommand(
      store,
      uniqueValueStream(value.scope, value.value),
      claimDecider,
      RETRY.refuse,
      (holder, version) =>
        version >= 0 && holder?.owner !== owner
          ? []
          : [{ type: "UniqueValueReleased" as const, data: { ...value, owner, releasedAt: now.toISOString() } }],
      { metadata },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
  }
}
