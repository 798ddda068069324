import {
  DiscountUsedUpError,
  discountUseEvents,
  discountUsesStream,
  type DiscountUseEvent,
  type EventMetadata,
  type EventStore,
} from "@shop/shared";
import { commandHandler, RETRY, type Decider } from "../platform/command-handler.ts";
import type { StreamTransaction } from "../platform/stream-transaction.ts";

interface Uses {
  claims: Map<string, string>;
  version: number;
}

const usesDecider: Decider<Uses, typeof discountUseEvents> = {
  initialState: (): Uses => ({ claims: new Map(), version: -1 }),
  events: discountUseEvents,
  skip: (s: Uses): Uses => ({ ...s, version: s.version + 1 }),
  evolve(state: Uses, event: DiscountUseEvent): Uses {
    const claims = new Map(state.claims);
    if (event.type === "DiscountUseClaimed") claims.set(event.data.claimId, event.data.customer);
    else claims.delete(event.data.claimId);
    return { claims, version: state.version + 1 };
  },
};

/** A limited code's uses: every buyer of it writes the one stream, so a conflict keeps trying, spread out. */
const usesCommand = commandHandler(usesDecider, RETRY.contended);

/** Pure: whether one more use is within the code's limits, in total and for this customer. */
export function withinUseLimits(
  claims: ReadonlyMap<string, string>,
  customer: string,
  limits: { maxUses: number | null; maxUsesPerCustomer: number | null },
): boolean {
  if (limits.maxUses !== null && claims.size >= limits.maxUses) return false;
  const mine = [...claims.values()].filter((c) => c === customer).length;
  return limits.maxUsesPerCustomer === null || mine < limits.maxUsesPerCustomer;
}

/**
 * Claims one use of a code for an order attempt, with the uses stream's version as the expected one,
 * so twenty buyers racing for the last use give exactly one. A code without limits claims nothing.
 */
export async function claimDiscountUse(
  store: EventStore,
  discount: { code: string; maxUses: number | null; maxUsesPerCustomer: number | null },
  claim: { claimId: string; customer: string; at: string },
  metadata: EventMetadata,
): Promise<boolean> {
  if (discount.maxUses === null && discount.maxUsesPerCustomer === null) return false;
  await usesCommand(store, discountUsesStream(discount.code), claimUse(discount, claim), { metadata });
  return true;
}

/** `claimDiscountUse` inside a transaction of several streams (the order's reserve step). */
export async function claimDiscountUseIn(
  tx: StreamTransaction,
  discount: { code: string; maxUses: number | null; maxUsesPerCustomer: number | null },
  claim: { claimId: string; customer: string; at: string },
): Promise<boolean> {
  if (discount.maxUses === null && discount.maxUsesPerCustomer === null) return false;
  await tx.run(discountUsesStream(discount.code), usesDecider, claimUse(discount, claim));
  return true;
}

const claimUse =
  (
    discount: { code: string; maxUses: number | null; maxUsesPerCustomer: number | null },
    claim: { claimId: string; customer: string; at: string },
  ) =>
  (uses: Uses): DiscountUseEvent[] => {
    // Claimed once per attempt: a resumed attempt (the payment reactor) claims nothing more.
    if (uses.claims.has(claim.claimId)) return [];
    if (!withinUseLimits(uses.claims, claim.customer, discount)) throw new DiscountUsedUpError(discount.code);
    return [{ type: "DiscountUseClaimed", data: { code: discount.code, ...claim } }];
  };

/** Gives back a claimed use (its order failed or was cancelled). */
export async function releaseDiscountUse(
  store: EventStore,
  code: string,
  claimId: string,
  at: string,
  metadata: EventMetadata,
) {
  await usesCommand(
    store,
    discountUsesStream(code),
    // Given back once: a put-back run again finds the claim gone and writes nothing.
    (uses) => (uses.claims.has(claimId) ? [{ type: "DiscountUseReleased", data: { code, claimId, at } }] : []),
    {
      metadata,
    },
  );
}
