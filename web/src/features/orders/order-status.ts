/** What the shopper reads about an order after staff acted on it (complete page and history). */
export interface AfterSale {
  status: string;
  payment_status: string;
  tracking_number: string | null;
  refunded: string;
  total: string;
}

/** Pure: one line per fact the shopper should know: shipped with its tracking number, refunds, payment. */
export function orderStatusLines(order: AfterSale, paymentType?: string): string[] {
  const lines: string[] = [];
  if (order.tracking_number) lines.push(`Shipped, tracking number ${order.tracking_number}`);
  if (order.status === "Cancelled") lines.push("Cancelled");
  if (order.payment_status === "awaiting") lines.push("Awaiting payment (check or money order)");
  else if (order.payment_status === "refunded") lines.push(`Refunded $${order.refunded}`);
  else if (order.payment_status === "partly refunded") lines.push(`Refunded $${order.refunded} of $${order.total}`);
  else if (order.payment_status === "paid" && paymentType === "check") lines.push("Check received");
  if (lines.length === 0) lines.push(order.status);
  return lines;
}
