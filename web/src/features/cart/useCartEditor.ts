import { useRef, useState } from "react";
import { useAppDispatch } from "../../app/hooks";
import { type Cart, type CartItem, cartApi, useUpdateCartMutation } from "./cartApi";
import { AUTO_UPDATE_FAILED, DONATION_REMOVED, donationMessage, ITEM_REMOVED, latestOnly } from "./cartMessages";

export type Notice = { tone: "positive" | "negative" | "neutral"; text: string; removed?: CartItem };
export type ButtonState = "normal" | "updating" | "updated";

/** The donation SKU a new donation from the cart's field goes to (one of the donation SKUs). */
export const DONATION_SKU = "GeneralDonation";

/** Sends the cart's edits as PUT full-cart, keeps only the newest answer, and says what happened (§4, §8). */
export function useCartEditor(cart: Cart | undefined) {
  const dispatch = useAppDispatch();
  const [put] = useUpdateCartMutation();
  const requests = useRef(latestOnly()).current;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [button, setButton] = useState<ButtonState>("normal");

  /**
   * Goods quantities by line id; gifts (null: as they are) by SKU code in dollars, cents kept. A gift
   * to a fund the cart does not hold yet is added; 0 removes one.
   */
  const send = async (quantities: Record<number, number>, gifts: Record<string, number> | null, removed?: CartItem) => {
    if (!cart) return;
    const ticket = requests.ticket();
    setButton("updating");
    const held = cart.items.filter((i) => i.user_defined_price);
    const items = cart.items
      .filter((i) => !i.user_defined_price)
      .map((i) => ({ id: i.id, sku: i.sku, sku_code: i.sku_code, quantity: quantities[i.id] ?? i.quantity }));
    // §3: donations go last, as items whose quantity is the amount.
    for (const gift of held)
      items.push({
        id: gift.id,
        sku: gift.sku,
        sku_code: gift.sku_code,
        quantity: gifts?.[gift.sku_code] ?? gift.quantity,
      });
    for (const [sku_code, amount] of Object.entries(gifts ?? {}))
      if (amount > 0 && !held.some((g) => g.sku_code === sku_code))
        items.push({ id: 0, sku: 0, sku_code, quantity: amount });
    const changed = Object.keys(gifts ?? {}).find(
      (code) => (gifts?.[code] ?? 0) !== (held.find((g) => g.sku_code === code)?.quantity ?? 0),
    );
    const before = held.find((g) => g.sku_code === changed)?.quantity ?? 0;
    const after = changed ? (gifts?.[changed] ?? 0) : before;
    const answer = await put({ order: cart.order, discounts: cart.discounts, items });
    if (!requests.isLatest(ticket)) return; // a newer edit is on its way: this answer is stale
    if ("error" in answer || !answer.data?.items) {
      setButton("normal");
      const message = answer.error && "data" in answer.error ? (answer.error.data as Cart)?.metadata?.message : null;
      setNotice({ tone: "negative", text: message || AUTO_UPDATE_FAILED });
      return;
    }
    const fresh = answer.data;
    dispatch(cartApi.util.upsertQueryData("cart", undefined, fresh));
    setButton("updated");
    if (fresh.metadata?.success === false) setNotice({ tone: "negative", text: fresh.metadata.message ?? "" });
    else if (removed)
      setNotice({ tone: "positive", text: removed.user_defined_price ? DONATION_REMOVED : ITEM_REMOVED, removed });
    else {
      const text = fresh.metadata?.message || donationMessage(before, after);
      setNotice(text ? { tone: "positive", text } : null);
    }
  };

  return { send, notice, setNotice, button, setButton };
}
