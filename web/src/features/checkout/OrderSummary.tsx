import { useCheckoutSummaryQuery } from "./checkoutApi";

/**
 * The order beside every step (issue 26 point 6): lines, discounts, shipping once chosen, tax and the
 * total. Beside the steps on a wide screen, under them on a phone (checkout.css).
 */
export function OrderSummary() {
  const { data, isError } = useCheckoutSummaryQuery();
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">Order summary</h2>
      {isError ? (
        <p>The order summary could not be loaded.</p>
      ) : !data ? (
        <p>Loading your order…</p>
      ) : (
        <table className="summary-table">
          <caption className="visually-hidden">Your order</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two lines may share a title; the order never changes while shown
              <tr key={i}>
                <td>
                  {l.title}
                  {l.format ? <span className="summary-format"> {l.format}</span> : null}
                  {l.quantity !== null ? <span className="summary-qty"> × {l.quantity}</span> : null}
                </td>
                <td>${l.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Subtotal</th>
              <td>${data.subtotal.amount}</td>
            </tr>
            {data.discounts.map((d) => (
              <tr key={d.code} className="summary-discount">
                <th scope="row">
                  Discount {d.code}
                  <span className="summary-format"> {d.description}</span>
                </th>
                <td>-${d.amount}</td>
              </tr>
            ))}
            {data.ships ? (
              <tr>
                <th scope="row">
                  Shipping{data.shipping ? <span className="summary-format"> {data.shipping.label}</span> : null}
                </th>
                <td>
                  {data.shipping
                    ? data.shipping.amount_cents
                      ? `$${data.shipping.amount}`
                      : "Free"
                    : "Chosen at step 3"}
                </td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">Tax</th>
              <td>${data.tax.amount}</td>
            </tr>
            <tr className="summary-total">
              <th scope="row">Total</th>
              <td>${data.total.amount}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </aside>
  );
}
