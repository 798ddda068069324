import { formatCents } from "@shop/shared/domain/currency";
import { useId } from "react";
import type { CartItem } from "./cartApi";
import { donationCents, donationOnBlur } from "./money";
import { DONATION_SKU } from "./useCartEditor";

/**
 * The cart's gifts, each fund its own line (issue 26 §5): its amount, editable (sent when the box
 * loses focus, formatted as money) and removable; then a box for a new gift while the general
 * fund holds none. Typed amounts are kept by SKU code until the cart answers.
 */
export function CartGifts(props: {
  gifts: CartItem[];
  drafts: Record<string, string>;
  onDraft(code: string, text: string): void;
  /** A gift's new amount in cents (0 removes it). */
  onSave(code: string, cents: number): void;
  onRemove(gift: CartItem): void;
}) {
  const { gifts, drafts, onDraft, onSave } = props;
  const newId = useId();
  const textOf = (gift: CartItem) => drafts[gift.sku_code] ?? formatCents(gift.price_cents);
  const leave = (code: string, text: string, heldCents: number) => {
    onDraft(code, donationOnBlur(text));
    const cents = donationCents(text);
    if (cents !== heldCents && (cents > 0 || heldCents > 0)) onSave(code, cents);
  };
  return (
    <section className="cart-gifts" aria-labelledby={`${newId}-heading`}>
      <h2 id={`${newId}-heading`}>{gifts.length ? "Your gifts" : "Add a gift"}</h2>
      {gifts.length > 0 && (
        <ul>
          {gifts.map((gift) => (
            <li key={gift.sku_code} className="cart-gift">
              <a href={gift.url ?? "/donate/"}>{gift.title}</a>
              <label className="cart-gift-amount">
                <span>
                  Amount<span className="visually-hidden"> for {gift.title}</span> ($)
                </span>
                <input
                  inputMode="decimal"
                  size={8}
                  value={textOf(gift)}
                  onChange={(e) => onDraft(gift.sku_code, e.target.value)}
                  onBlur={(e) => leave(gift.sku_code, e.target.value, gift.price_cents)}
                />
              </label>
              <button type="button" className="link-button" onClick={() => props.onRemove(gift)}>
                Remove<span className="visually-hidden"> {gift.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {!gifts.some((g) => g.sku_code === DONATION_SKU) && (
        <div className="donation-field">
          <label htmlFor={newId}>Add a donation ($)</label>
          <input
            id={newId}
            inputMode="decimal"
            size={8}
            value={drafts[DONATION_SKU] ?? ""}
            onChange={(e) => onDraft(DONATION_SKU, e.target.value)}
            onBlur={(e) => onDraft(DONATION_SKU, donationOnBlur(e.target.value))}
          />
        </div>
      )}
    </section>
  );
}

/** The typed gift amounts as the editor sends them: dollars by SKU code, cents kept. */
export function giftDollars(drafts: Record<string, string>): Record<string, number> {
  return Object.fromEntries(Object.entries(drafts).map(([code, text]) => [code, donationCents(text) / 100]));
}
