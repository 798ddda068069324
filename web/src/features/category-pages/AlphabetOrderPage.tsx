import { type FormEvent, useRef, useState } from "react";
import type { AlphabetOrderRow } from "@shop/shared/category-pages/api";
import { useAddToCartMutation } from "../cart/cartApi";
import { money } from "../cart/money";
import { BulkAddForm, cartPageWith } from "../order-form/BulkAddForm";
import { useAlphabetOrderQuery } from "./categoryPagesApi";
import { orderPairs, runningTotalCents, settledQuantity } from "./alphabetOrder";
import { checkForm, scrollToFirstError } from "../../platform/formCheck";
import "./categoryPages.css";

const fieldId = (sku: string) => `id_quantity_${sku}`;

/**
 * The alphabet-order supplies page (storefront §2, §4, §5): a row per letter that shows or hides its
 * supplies, a quantity box per supply with a running total, the generic form validation first (at
 * least one quantity; failure blocks submit and scrolls to the errors), then add-to-cart.
 */
export function AlphabetOrderPage() {
  const { data, isError } = useAlphabetOrderQuery();
  const [add, { isLoading }] = useAddToCartMutation();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [summary, setSummary] = useState<string[]>([]);
  const [added, setAdded] = useState(false);
  const errorsRef = useRef<HTMLDivElement>(null);
  const rows = data?.rows ?? [];
  const orderable = rows.flatMap((r) => r.items).filter((s) => !s.is_sold_out);
  const total = runningTotalCents(orderable, quantities);
  const toggle = (letter: string) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(letter)) next.add(letter);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(false);
    // Every box counts, shown or not: a row hidden again keeps what was typed in it.
    const check = checkForm(
      orderable.map((s) => ({
        id: fieldId(s.sku),
        type: "quantity",
        notAllNull: true,
        value: quantities[s.sku] ?? "0",
      })),
    );
    setErrors(check.errors);
    setSummary(check.summary);
    if (!check.valid) return scrollToFirstError(errorsRef);
    const pairs = orderPairs(orderable, quantities);
    const answer = await add(pairs);
    if ("data" in answer && answer.data?.metadata?.success) {
      setAdded(true);
      setQuantities({});
    } else window.location.assign(cartPageWith(pairs));
  };

  return (
    <BulkAddForm
      className="category-page alphabet-order"
      title="Alphabet Order Supplies"
      intro={
        <p>
          Classroom and craft supplies from A to Z. Open a letter, type how many you need, and add them all at once.
        </p>
      }
      loadFailed={isError}
      onSubmit={submit}
      summary={summary}
      errorsRef={errorsRef}
      disabled={isLoading}
      added={added}
    >
      {rows.map((row) => (
        <LetterRow
          key={row.letter}
          row={row}
          open={open.has(row.letter)}
          onToggle={() => toggle(row.letter)}
          quantities={quantities}
          errors={errors}
          onQuantity={(sku, text) => setQuantities((now) => ({ ...now, [sku]: text }))}
        />
      ))}
      <p className="running-total" aria-live="polite">
        Total: <strong>{money(total / 100)}</strong>
      </p>
    </BulkAddForm>
  );
}

function LetterRow({
  row,
  open,
  onToggle,
  quantities,
  errors,
  onQuantity,
}: {
  row: AlphabetOrderRow;
  open: boolean;
  onToggle: () => void;
  quantities: Record<string, string>;
  errors: Record<string, string[]>;
  onQuantity: (sku: string, text: string) => void;
}) {
  const panelId = `supplies-${row.letter === "#" ? "other" : row.letter}`;
  const count = row.items.length;
  return (
    <section className="letter-row">
      <h2>
        <button type="button" className="letter-toggle" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          <span className="letter">{row.letter === "#" ? "0–9 and more" : row.letter}</span>
          <span className="letter-count">
            {count} {count === 1 ? "supply" : "supplies"}
          </span>
          <span className="visually-hidden">{open ? " (hide)" : " (show)"}</span>
        </button>
      </h2>
      <ul id={panelId} className="supplies" hidden={!open}>
        {row.items.map((s) => (
          <li key={s.sku} className="supply">
            <span className="supply-name">
              {s.name} <span className="product-card-format">{s.format}</span>
            </span>
            <span className="supply-price">{money(s.price)}</span>
            {s.is_sold_out ? (
              <span className="supply-sold-out">Sold out</span>
            ) : (
              <span className="supply-quantity">
                <label htmlFor={fieldId(s.sku)} className="visually-hidden">
                  Quantity of {s.name}
                </label>
                <input
                  id={fieldId(s.sku)}
                  inputMode="numeric"
                  size={4}
                  maxLength={5}
                  value={quantities[s.sku] ?? "0"}
                  aria-invalid={errors[fieldId(s.sku)] ? true : undefined}
                  onFocus={(e) => e.target.select()}
                  onChange={(e) => onQuantity(s.sku, e.target.value)}
                  onBlur={(e) => onQuantity(s.sku, settledQuantity(e.target.value))}
                />
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
