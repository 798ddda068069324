import {
  DiscountUsedUpError,
  WrongExpectedVersionError,
  discountUseEvents,
  discountUsesStream,
  type DiscountUseEvent,
  type EventMetadata,
  type EventStore,
} from "@shop/shared";
import { foldStream } from "../platform/command-handler.ts";

interface Uses {
  claims: Map<string, string>;
  version: number;
}

const usesDecider = {
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
  const streamId = discountUsesStream(discount.code);
  for (let attempt = 1; ; attempt++) {
    const uses = foldStream(usesDecider, await store.readStream(streamId));
    if (!withinUseLimits(uses.claims, claim.customer, discount)) throw new DiscountUsedUpError(discount.code);
    try {
      await store.append(
        streamId,
        [{ type: "DiscountUseClaimed", data: { code: discount.code, ...claim }, metadata }],
        { expectedVersion: uses.version < 0 ? "no-stream" : uses.version },
      );
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 200) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(40, attempt * 4)));
    }
  }
}

export async function releaseDiscountUse(
  store: EventStore,
  code: string,
  claimId: string,
  at: string,
  metadata: EventMetadata,
) {
  await store.append(
    discountUsesStream(code),
    [{ type: "DiscountUseReleased", data: { code, claimId, at }, metadata }],
    {
      expectedVersion: "any",
    },
  );
}
