import { formatCents, type OrderView } from "@shop/shared";

type Address = Record<string, string>;

/** One postal address as an envelope reads it; the billing one with its organisation and email. */
function PostalAddress({ title, address }: { title: string; address: Address }) {
  const line = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(" ");
  return (
    <section className="order-address" aria-label={title}>
      <h3>{title}</h3>
      <address>
        {line(address.first_name, address.last_name)}
        {address.org_name && (
          <>
            <br />
            {address.org_name}
          </>
        )}
        <br />
        {address.street1}
        {address.street2 && (
          <>
            <br />
            {address.street2}
          </>
        )}
        <br />
        {line(address.city && `${address.city},`, address.state, address.postal_code)}
        <br />
        {address.country}
        {address.email && (
          <>
            <br />
            {address.email}
          </>
        )}
      </address>
    </section>
  );
}

/** The order as placed: its lines with headings, discounts, shipping and total; billing and shipping addresses. */
export function OrderDetails({ order }: { order: OrderView }) {
  return (
    <>
      <table className="order-lines">
        <caption>Lines</caption>
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Unit price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.lineId}>
              <td>{line.skuCode}</td>
              <td>
                {line.title}
                {line.format && line.donation === null && <span className="muted"> ({line.format})</span>}
              </td>
              <td>{line.quantity}</td>
              <td>${formatCents(line.unitCents, { commas: true })}</td>
              <td>${line.total}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.discounts.map((discount) => (
            <tr key={discount.code} className="order-discount">
              <th scope="row" colSpan={4}>
                Discount {discount.code}
                {discount.description && `: ${discount.description}`}
              </th>
              <td>−${discount.amount.replace(/^-/, "")}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={4}>
              Shipping{order.shipping_method ? `: ${order.shipping_method}` : ""}
            </th>
            <td>${order.shipping_total}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>
              Total
            </th>
            <td>${order.total}</td>
          </tr>
        </tfoot>
      </table>
      <div className="order-addresses">
        <PostalAddress title="Billing address" address={{ ...order.billing, email: order.email }} />
        {order.shipping ? (
          <PostalAddress title="Shipping address" address={order.shipping} />
        ) : (
          <section className="order-address" aria-label="Shipping address">
            <h3>Shipping address</h3>
            <p className="muted">
              Nothing ships{order.digital_email ? `; downloads go to ${order.digital_email}` : ""}.
            </p>
          </section>
        )}
      </div>
    </>
  );
}
