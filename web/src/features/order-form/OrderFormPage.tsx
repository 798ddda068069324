import { type FormEvent, useRef, useState } from "react";
import { FREE_DOWNLOAD_FORMAT } from "@shop/shared/category-pages/free-downloads";
import { useAddToCartMutation } from "../cart/cartApi";
import { donationCents, donationDollars, donationOnBlur, money, toQuantity } from "../cart/money";
import { useSkusQuery } from "../catalog/catalogApi";
import type { Sku } from "../catalog/catalogTypes";
import { DONATION_SKU } from "../cart/useCartEditor";
import { BulkAddForm, cartPageWith } from "./BulkAddForm";
import { orderTotalCents, quantityProblem, sectionsOf } from "./orderFormRules";
import "../cart/cart.css";
import "./order-form.css";

// One page of the catalog's SKUs (the largest the list allows): a 100,000-product catalog is no form.
export const ORDER_FORM_QUERY = { sort: "title", template: "", count: 96 } as const;

/**
 * The order form: many items with quantities, a donation and a running total, added to the cart at
 * once (§2). Issue 26 §8: the SKUs are grouped by category in sections that open and close (a phone
 * no longer scrolls through 70 rows), the total stays in view, a quantity that is not a whole number
 * is refused beside its box as it is typed, and the donation is written as money when it loses focus.
 */
export function OrderFormPage() {
  const { data, isError } = useSkusQuery(ORDER_FORM_QUERY);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [donation, setDonation] = useState("");
  const [added, setAdded] = useState(false);
  const [add, { isLoading }] = useAddToCartMutation();
  const form = useRef<HTMLDivElement>(null);
  // The magazine's free videos come only with a subscription, on the magazine page (the format alone
  // decides here: the rule's SKU category table would cost the initial bundle).
  const skus = (data?.items ?? []).filter(
    (s) => !s.user_defined_price && !s.is_sold_out && s.format !== FREE_DOWNLOAD_FORMAT,
  );
  const sections = sectionsOf(skus);
  const total = orderTotalCents(skus, quantities, donation);
  const refused = skus.filter((s) => quantityProblem(quantities[s.sku] ?? ""));
  const allOpen = sections.length > 0 && sections.every((s) => open[s.category]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (refused.length > 0) {
      // The section of the first refused box opens, and the box takes the focus with its message.
      const first = refused[0];
      setOpen({ ...open, [first.category]: true });
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
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
      <div ref={form} className="order-form-sections">
        {sections.length > 1 && (
          <button
            type="button"
            className="link-button"
            onClick={() => setOpen(Object.fromEntries(sections.map((s) => [s.category, !allOpen])))}
          >
            {allOpen ? "Close all sections" : "Open all sections"}
          </button>
        )}
        {sections.map((section) => {
          const chosen = section.skus.filter((s) => toQuantity(quantities[s.sku] ?? "") > 0).length;
          return (
            <details
              key={section.category}
              className="order-form-section"
              open={!!open[section.category]}
              onToggle={(e) => {
                const next = e.currentTarget.open;
                setOpen((now) => (!!now[section.category] === next ? now : { ...now, [section.category]: next }));
              }}
            >
              <summary>
                <span className="order-form-section-title">{section.title}</span>{" "}
                <span className="order-form-section-count">
                  {section.skus.length} {section.skus.length === 1 ? "item" : "items"}
                  {chosen > 0 && `, ${chosen} chosen`}
                </span>
              </summary>
              <SectionRows skus={section.skus} quantities={quantities} onChange={setQuantities} />
            </details>
          );
        })}
      </div>
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
      <p className="donate-total order-form-total" aria-live="polite">
        Total: <strong>{money(total / 100)}</strong>
      </p>
    </BulkAddForm>
  );
}

function SectionRows(props: {
  skus: Sku[];
  quantities: Record<string, string>;
  onChange(next: Record<string, string>): void;
}) {
  const { quantities } = props;
  return (
    <ul className="order-form-rows">
      {props.skus.map((s) => {
        const text = quantities[s.sku] ?? "";
        const problem = quantityProblem(text);
        const id = `order-form-${s.sku}`;
        return (
          <li key={s.sku} className="order-form-row">
            <span className="order-form-item">
              {/* A SKU of no product (a classroom supply) has no page: its /store/sku/ address is a 404. */}
              {s.product_id === null ? <span>{s.name}</span> : <a href={s.url}>{s.name}</a>}{" "}
              <span className="product-card-format">{s.format}</span>
            </span>
            <span className="order-form-price">{money(s.price)}</span>
            <span className="order-form-quantity">
              <input
                id={id}
                aria-label={`Quantity of ${s.name} (${s.format})`}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : undefined}
                inputMode="numeric"
                size={4}
                value={text}
                onChange={(e) => props.onChange({ ...quantities, [s.sku]: e.target.value })}
              />
              {problem && (
                <span className="field-error" id={`${id}-error`} role="alert">
                  {problem}
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
