import {
  type CreateDiscountRequest,
  DiscountExistsError,
  DiscountNotFoundError,
  discountEvents,
  discountStream,
  type Discount,
  type DiscountEvent,
  type DiscountTerms,
  type EventStore,
  type UpdateDiscountRequest,
  type UserRef,
} from "@shop/shared";
import { foldStream } from "../platform/command-handler.ts";

/** A discount as its stream folds it. */
export type DiscountState = { exists: false } | ({ exists: true } & Discount);

export const discountDecider = {
  initialState: (): DiscountState => ({ exists: false }),
  events: discountEvents,
  evolve(_state: DiscountState, event: DiscountEvent): DiscountState {
    switch (event.type) {
      case "DiscountCreated": {
        const { createdAt: _at, by: _by, ...discount } = event.data;
        return { exists: true, ...discount };
      }
      case "DiscountUpdated": {
        const { updatedAt: _at, by: _by, ...discount } = event.data;
        return { exists: true, ...discount };
      }
      default: {
        event satisfies never;
        return _state;
      }
    }
  },
};

export type DiscountCommand =
  | { type: "CreateDiscount"; data: { id: number; code: string; terms: DiscountTerms } }
  | { type: "UpdateDiscount"; data: { terms: DiscountTerms } };

/** The request's snake_case fields as the events' terms. */
export function discountTermsOf(input: UpdateDiscountRequest | CreateDiscountRequest): DiscountTerms {
  return {
    description: input.description,
    percentOff: input.percent_off,
    amountOffCents: input.amount_off_cents,
    minSubtotalCents: input.min_subtotal_cents,
    requiresUser: input.requires_user,
    requiresGroup: input.requires_group,
    requiredSkus: input.required_skus.map((c) => c.trim()),
    requiredQuantity: input.required_quantity,
    starts: input.starts,
    ends: input.ends,
    maxUses: input.max_uses,
    maxUsesPerCustomer: input.max_uses_per_customer,
    active: input.active,
    freeShipping: input.free_shipping,
    freeShippingMethods: input.free_shipping ? input.free_shipping_methods.map((c) => c.trim()) : [],
  };
}

export const discountNotFound = () => new DiscountNotFoundError();

/** Pure: a code is created once (its stream is keyed by it); an update replaces the terms, never the code. */
export function decideDiscount(
  command: DiscountCommand,
  state: DiscountState,
  meta: { now: Date; by: UserRef | null },
): DiscountEvent[] {
  const at = meta.now.toISOString();
  if (command.type === "CreateDiscount") {
    if (state.exists) throw new DiscountExistsError();
    const { id, code, terms } = command.data;
    return [{ type: "DiscountCreated", data: { ...terms, id, code, createdAt: at, by: meta.by } }];
  }
  if (!state.exists) throw discountNotFound();
  return [
    {
      type: "DiscountUpdated",
      data: { ...command.data.terms, id: state.id, code: state.code, updatedAt: at, by: meta.by },
    },
  ];
}

/** The discounts the cart names, read from the log (a read model may lag; a code's terms decide money). */
export async function loadDiscounts(store: EventStore, codes: readonly string[]): Promise<Map<string, Discount>> {
  const found = new Map<string, Discount>();
  await Promise.all(
    [...new Set(codes)].map(async (code) => {
      const events = await store.readStream(discountStream(code));
      const state = foldStream(discountDecider, events);
      if (state.exists) {
        const { exists: _, ...discount } = state;
        found.set(code, discount);
      }
    }),
  );
  return found;
}
