import { useEffect } from "react";
import { track } from "../../platform/analytics";
import { orderStatusLines } from "./order-status";
import { useOrderQuery } from "./ordersApi";
import "./orders.css";

const address = (a: Record<string, string>) =>
  [
    `${a.first_name ?? ""} ${a.last_name ?? ""}`.trim(),
    a.street1,
    a.street2,
    `${a.city ?? ""} ${a.state ?? ""} ${a.postal_code ?? ""}`.trim(),
    a.country,
  ]
    .filter(Boolean)
    .join("\n");

/** /store/checkout/complete/{number}/: the order placed, with a Print Order button (print stylesheet in orders.css). */
export function OrderCompletePage({ params }: { params: Record<string, string> }) {
  const { data, isError } = useOrderQuery(params.number ?? "");
  const totalCents = data?.order.total_cents;
  // The purchase, once per visit of the page (spec 1): the order's total, no line or buyer.
  useEffect(() => {
    if (totalCents !== undefined) track({ name: "purchase", value_cents: totalCents });
  }, [totalCents]);
  if (isError) return <p className="alert negative">Order not found.</p>;
  if (!data) return <p>Loading your order…</p>;
  const order = data.order;
  // The first month of a monthly gift: the giver reads here, as in the mail, that it repeats and where to stop it.
  const monthly = order.lines.find((l) => l.donation?.monthly);
  return (
    <article className="order-complete">
      <h1>Thank you for your order</h1>
      {order.test_mode && (
        <p role="note" className="alert negative">
          Test mode: this shop takes test payments only. No money was charged and this order will not be sent.
        </p>
      )}
      <p>
        Order number <strong>{order.number}</strong>, placed {new Date(order.placed_at).toLocaleString()}.
      </p>
      <ul className="order-status" aria-label="Order status">
        {orderStatusLines(order, order.payment.type).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {monthly ? (
        <p role="note" className="monthly-note">
          This gift repeats: ${monthly.total} to {monthly.title} every month, on the same card. Stop it any time from{" "}
          <a href="/account/monthly-gifts/">Monthly gifts</a> in your account.
        </p>
      ) : null}
      <button type="button" className="print-order" onClick={() => window.print()}>
        Print Order
      </button>
      <table className="order-summary">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.lineId}>
              <td>
                {/* A gift's format ("Donation") would double its title's last word. */}
                {l.title} {l.format && !l.donation ? <span className="order-line-format">{l.format}</span> : null}
              </td>
              <td>{l.donation ? "" : l.quantity}</td>
              <td>${l.total}</td>
            </tr>
          ))}
          {order.discounts.map((d) => (
            <tr key={d.code}>
              <td>
                {d.code}: {d.description}
              </td>
              <td />
              <td>-${d.amount}</td>
            </tr>
          ))}
          {order.shipping_method ? (
            <tr>
              <td>Shipping: {order.shipping_method}</td>
              <td />
              <td>${order.shipping_total}</td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td />
            <td>${order.total}</td>
          </tr>
        </tfoot>
      </table>
      <div className="order-addresses">
        <section>
          <h2>Billing</h2>
          <p className="address">{address(order.billing)}</p>
          <p>{order.email}</p>
        </section>
        {order.shipping ? (
          <section>
            <h2>Shipping</h2>
            <p className="address">{address(order.shipping)}</p>
          </section>
        ) : null}
        {order.membership ? (
          <section>
            <h2>Passholders</h2>
            <ul className="passholders">
              {order.membership.passholders.map((p) => (
                <li key={`${p.role}-${p.first_name}-${p.last_name}-${p.birthday ?? ""}`}>
                  {p.first_name} {p.last_name}
                  {p.birthday ? `, born ${p.birthday}` : ""}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {order.digital_email ? (
          <section>
            <h2>Digital delivery</h2>
            <p>{order.digital_email}</p>
          </section>
        ) : null}
        <section>
          <h2>Payment</h2>
          <p>
            {order.payment.type === "card"
              ? `${order.payment.brand ?? "Card"} ending in ${order.payment.last4 ?? ""}`
              : order.payment.type === "check"
                ? `Check / money order (${order.payment_status === "awaiting" ? "awaiting payment" : "received"})`
                : "No payment due"}
          </p>
        </section>
      </div>
    </article>
  );
}
