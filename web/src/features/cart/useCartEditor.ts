import { useRef, useState } from "react";
import { useAppDispatch } from "../../app/hooks";
import { type Cart, type CartItem, cartApi, useUpdateCartMutation } from "./cartApi";
import { AUTO_UPDATE_FAILED, donationMessage, ITEM_REMOVED, latestOnly } from "./cartMessages";

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

  const send = async (quantities: Record<number, number>, donation: number | null, removed?: CartItem) => {
    if (!cart) return;
    const ticket = requests.ticket();
    setButton("updating");
    const current = cart.items.find((i) => i.user_defined_price);
    const items = cart.items
      .filter((i) => !i.user_defined_price)
      .map((i) => ({ id: i.id, sku: i.sku, sku_code: i.sku_code, quantity: quantities[i.id] ?? i.quantity }));
    const before = current?.quantity ?? 0;
    const after = donation ?? before;
    // §3: the donation goes last, as an item whose quantity is the amount.
    if (current || after > 0)
      items.push({
        id: current?.id ?? 0,
        sku: current?.sku ?? 0,
        sku_code: current?.sku_code ?? DONATION_SKU,
        quantity: after,
      });
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
    else if (removed) setNotice({ tone: "positive", text: ITEM_REMOVED, removed });
    else {
      const text = fresh.metadata?.message || donationMessage(before, after);
      setNotice(text ? { tone: "positive", text } : null);
    }
  };

  return { send, notice, setNotice, button, setButton };
}
