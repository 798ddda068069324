import { useEffect, useRef, type Dispatch, type SetStateAction } from "react";
import type { CheckoutStateAnswer } from "@shop/shared/checkout/api";
import type { User } from "../accounts/accountApi";
import type { FormValues } from "./checkoutApi";

/**
 * A signed-in shopper's checkout starts filled (issue 26 point 6): the account's email, and billing from
 * the default address of the book, or the account's name split into first and last. Once, and only
 * while billing is not given yet: what the shopper gave or types is never overwritten.
 */
export function useCheckoutPrefill(
  state: CheckoutStateAnswer | undefined,
  me: User | null | undefined,
  setValues: Dispatch<SetStateAction<FormValues>>,
  setBillingPick: (id: string) => void,
) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !state || !me) return;
    done.current = true;
    if (state.billing) return;
    const book = state.addresses.find((a) => a.is_default);
    if (book) setBillingPick(String(book.id));
    const name = me.name.trim();
    const cut = name.lastIndexOf(" ");
    const [first, last] = cut > 0 ? [name.slice(0, cut), name.slice(cut + 1)] : [name, ""];
    setValues((v) => ({
      ...v,
      email: v.email || me.email,
      first_name: v.first_name || first,
      last_name: v.last_name || last,
    }));
  }, [state, me, setValues, setBillingPick]);
}
