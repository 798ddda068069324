import { orderStatusLines } from "./order-status";
import { useOrderHistoryQuery } from "./ordersApi";
import "./orders.css";

/** /account/orders/: the signed-in shopper's orders, newest first. */
export function OrderHistoryPage() {
  const { data, isError } = useOrderHistoryQuery();
  if (isError) return <p className="alert negative">Your orders could not be loaded. Please refresh this page.</p>;
  if (!data) return <p>Loading your orders…</p>;
  return (
    <section className="order-history">
      <h1>Your orders</h1>
      {data.items.length === 0 ? (
        <p>You have not placed any orders yet.</p>
      ) : (
        <table className="order-summary">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Placed</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((o) => (
              <tr key={o.number}>
                <td>
                  <a href={o.url}>{o.number}</a>
                </td>
                <td>{new Date(o.placed_at).toLocaleDateString()}</td>
                <td className="order-status">{orderStatusLines(o).join(". ")}</td>
                <td>${o.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
