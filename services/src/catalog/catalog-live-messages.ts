import type { UserRef } from "@shop/shared";
import type { NodeSavedMessage } from "@shop/shared/live/messages";
import { recordRoom, STAFF_ROOM, type LiveMessage, type LiveMessageMapper } from "../live/live-messages.ts";

const PRODUCT = /^Product(Created|Updated)$/;
const SKU = /^Sku(Added|Created|Updated|PriceChanged|StockChanged)$/;

/**
 * Staff see product and SKU saves live, as they see content nodes': `node:saved {id, version, by,
 * app: 'store', model}` to every staff socket and the record's room (the live badge, a stale form).
 */
export const catalogLiveMessages: LiveMessageMapper = (recorded) => {
  const model = PRODUCT.test(recorded.type) ? "product" : SKU.test(recorded.type) ? "sku" : null;
  if (!model) return [];
  const data = recorded.data as { id: number; by?: UserRef | null };
  const payload: NodeSavedMessage = {
    id: data.id,
    version: recorded.streamPosition,
    by: data.by ?? null,
    app: "store",
    model,
  };
  return [STAFF_ROOM, recordRoom("store", model, data.id)].map(
    (room): LiveMessage => ({ namespace: "/admin", room, name: "node:saved", payload }),
  );
};
