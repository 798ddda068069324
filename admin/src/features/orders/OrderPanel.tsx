import { useState, type FormEvent } from "react";
import {
  BACK_OFFICE_MESSAGES,
  canDo,
  formatCents,
  ORDER_STATUSES,
  parseCurrencyToCents,
  type OrderAction,
  type OrderView,
} from "@shop/shared";
import { formatSiteTime, timeZoneLabel } from "@shop/shared/domain/site-time";
import { api } from "../../app/api";
import { SiteTime } from "../site-time/SiteTime";
import { useSiteTimeZone } from "../site-time/siteApi";
import type { RecordExtraProps } from "../records/recordExtras";
import { OrderDetails } from "./OrderDetails";
import "./orders.css";

type Action = "ship" | "cancel" | "check-received" | "refund";
type HistoryItem = { version: number; type: string; at: string; by: string | null; summary: string };
type ActionError = { data?: { metadata?: { errors?: string[]; message?: string } } };

const recordTag = (number: string) => ({ type: "AdminRecord" as const, id: `store.order.${number}` });

const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/api/store/order/{number}/history/: every event of the order, oldest first. */
    orderHistory: build.query<HistoryItem[], string>({
      query: (number) => `/admin/api/store/order/${number}/history/`,
      transformResponse: (response: { items: HistoryItem[] }) => response.items,
      providesTags: (_r, _e, number) => [recordTag(number)],
    }),
    /** POST /admin/api/store/order/{number}/{action}/ at the version the page shows. */
    orderAction: build.mutation<unknown, { number: string; action: Action; body: Record<string, unknown> }>({
      query: ({ number, action, body }) => ({
        url: `/admin/api/store/order/${number}/${action}/`,
        method: "POST",
        body,
      }),
      invalidatesTags: (result, _e, { number }) => (result ? [recordTag(number), "NodeList"] : []),
    }),
  }),
});

/** The order page's panel: lines, addresses, history, and the staff actions (each an event on the order). */
export function OrderPanel({ record }: RecordExtraProps) {
  const number = String(record.number ?? "");
  const order = record.order as OrderView | undefined;
  const { data: history = [] } = ordersApi.useOrderHistoryQuery(number);
  const [act, { isLoading }] = ordersApi.useOrderActionMutation();
  const [tracking, setTracking] = useState("");
  const [reason, setReason] = useState("");
  const [amount, setAmount] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // The order's state in the transition table: it alone decides which actions the page offers.
  const state = ORDER_STATUSES.find((s) => s === record.state);
  const offers = (action: OrderAction) => state !== undefined && canDo(state, action);
  const refundable = Number(record.refundable_cents ?? 0);
  const holdUntil = typeof record.hold_until === "string" ? record.hold_until : null;
  const zone = useSiteTimeZone() ?? "UTC";

  const run = async (action: Action, body: Record<string, unknown>, done: string) => {
    setMessage(null);
    const result = await act({ number, action, body: { ...body, expected_version: record.version } });
    if ("error" in result && result.error) {
      const data = (result.error as ActionError).data?.metadata;
      setMessage({
        ok: false,
        text: data?.errors?.join(" ") || data?.message || BACK_OFFICE_MESSAGES.genericServerError,
      });
      return;
    }
    setMessage({ ok: true, text: done });
  };
  const submit = (handler: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    void handler();
  };

  return (
    <section className="order-panel" aria-label="Order">
      {record.test_mode === true && (
        <p role="note" className="errornote">
          Test mode: this order was paid with the test gateway. No money moved; do not ship it.
        </p>
      )}
      <p className="muted">Times on this page are {timeZoneLabel(zone)}.</p>
      {order && <OrderDetails order={order} />}

      <h2>Actions</h2>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "success" : "errornote"}>
          {message.text}
        </p>
      )}
      {record.ships === true && offers("ship") && (
        <form onSubmit={submit(() => run("ship", { tracking_number: tracking }, "Marked shipped."))}>
          <label htmlFor="id_order_ship_tracking">Ship with tracking number</label>
          <input id="id_order_ship_tracking" value={tracking} onChange={(e) => setTracking(e.target.value)} />
          <button type="submit" disabled={isLoading}>
            Mark shipped
          </button>
        </form>
      )}
      {holdUntil && (
        <p className="order-hold">
          Payment hold ends <time dateTime={holdUntil}>{formatSiteTime(holdUntil, zone)}</time>: unless the check is
          recorded as received by then, the order is cancelled and its stock put back.
        </p>
      )}
      {offers("receive check") && (
        <button type="button" disabled={isLoading} onClick={() => void run("check-received", {}, "Check recorded.")}>
          Record check received
        </button>
      )}
      {offers("refund") && refundable > 0 && (
        <form
          onSubmit={submit(() =>
            run(
              "refund",
              amount.trim() ? { amount_cents: parseCurrencyToCents(amount), reason } : { reason },
              "Refunded.",
            ),
          )}
        >
          <label htmlFor="id_order_refund_amount">Refund amount (empty: ${formatCents(refundable)}, all of it)</label>
          <input id="id_order_refund_amount" value={amount} onChange={(e) => setAmount(e.target.value)} />
          <label htmlFor="id_order_refund_reason">Reason</label>
          <input id="id_order_refund_reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          <button type="submit" disabled={isLoading}>
            Refund
          </button>
        </form>
      )}
      {offers("cancel") && (
        <button type="button" disabled={isLoading} onClick={() => void run("cancel", { reason }, "Cancelled.")}>
          Cancel order
        </button>
      )}

      <h2>History</h2>
      <ol className="order-history">
        {history.map((item) => (
          <li key={item.version}>
            <SiteTime iso={item.at} /> {item.summary}
            {item.by && <span className="muted"> — {item.by}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
