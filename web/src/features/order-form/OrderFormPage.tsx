import { type FormEvent, useState } from "react";
import { FREE_DOWNLOAD_FORMAT } from "@shop/shared/category-pages/free-downloads";
import { useAddToCartMutation } from "../cart/cartApi";
import { donationCents, donationDollars, donationOnBlur, money, toQuantity } from "../cart/money";
import { useSkusQuery } from "../catalog/catalogApi";
import type { Sku } from "../catalog/catalogTypes";
import { DONATION_SKU } from "../cart/useCartEditor";
import { BulkAddForm, cartPageWith } from "./BulkAddForm";
import "../cart/cart.css";

// One page of the catalog's SKUs (the largest the list allows): a 100,000-product catalog is no form.
export const ORDER_FORM_QUERY = { sort: "title", template: "", count: 96 } as const;

/** §5: a quantity that is not a number counts as 0; the total follows every keystroke (cents, then dollars). */
export function orderTotalCents(
  skus: Pick<Sku, "sku" | "price_cents">[],
  quantities: Record<string, string>,
  donation: string,
) {
  const goods = skus.reduce((sum, s) => sum + toQuantity(quantities[s.sku] ?? "") * s.price_cents, 0);
  return goods + donationCents(donation);
}

/** The order form: many items with quantities, a donation and a running total, added to the cart at once (§2). */
export function OrderFormPage() {
  const { data, isError } = useSkusQuery(ORDER_FORM_QUERY);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [donation, setDonation] = useState("");
  const [added, setAdded] = useState(false);
  const [add, { isLoading }] = useAddToCartMutation();
  // The magazine's free videos come only with a subscription, on the magazine page (the format alone
  // decides here: the rule's SKU category table would cost the initial bundle).
  const skus = (data?.items ?? []).filter(
    (s) => !s.user_defined_price && !s.is_sold_out && s.format !== FREE_DOWNLOAD_FORMAT,
  );
  const total = orderTotalCents(skus, quantities, donation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pairs: Record<string, number> = {};
    for (const s of skus) if (toQuantity(quantities[s.sku] ?? "") > 0) pairs[s.sku] = toQuantity(quantities[s.sku]);
    if (donationCents(donation) > 0) pairs[DONATION_SKU] = donationDollars(donationCents(donation));
    if (!Object.keys(pairs).length) return;
    const answer = await add(pairs);
    if ("data" in answer && answer.data?.metadata?.success) {
      setAdded(true);
      setQuantities({});
      setDonation("");
    } else window.location.assign(cartPageWith(pairs));
  };

  return (
    <BulkAddForm
      className="order-form"
      title="Order Form"
      loadFailed={isError}
      onSubmit={submit}
      disabled={isLoading || total === 0}
      added={added}
    >
      <table className="cart-items">
        <caption className="visually-hidden">Items you can order</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Price</th>
            <th scope="col">Quantity</th>
          </tr>
        </thead>
        <tbody>
          {skus.map((s) => (
            <tr key={s.sku}>
              <td data-label="Item">
                <a href={s.url}>{s.name}</a> <span className="product-card-format">{s.format}</span>
              </td>
              <td data-label="Price">{money(s.price)}</td>
              <td data-label="Quantity">
                <input
                  aria-label={`Quantity of ${s.name} (${s.format})`}
                  inputMode="numeric"
                  size={4}
                  value={quantities[s.sku] ?? ""}
                  onChange={(e) => setQuantities({ ...quantities, [s.sku]: e.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="donation-field">
        <label htmlFor="order-form-donation">Donation ($)</label>
        <input
          id="order-form-donation"
          inputMode="decimal"
          size={8}
          value={donation}
          onChange={(e) => setDonation(e.target.value)}
          onBlur={() => setDonation(donationOnBlur(donation))}
        />
      </div>
      <p className="donate-total" aria-live="polite">
        Total: <strong>{money(total / 100)}</strong>
      </p>
    </BulkAddForm>
  );
}
