import { errorAnswerOf } from "@shop/shared/errors/codes";
import { formatCents } from "@shop/shared/domain/currency";
import { useState } from "react";
import { SiteTime } from "../site-time/SiteTime";
import { type StaffMonthlyGift, useStaffCancelMonthlyGiftMutation, useStaffMonthlyGiftsQuery } from "./monthlyGiftsApi";

/**
 * /admin/monthly-gifts/ (issue 26 §5): every monthly gift, active first, with Cancel. A cancel ends the
 * gateway's subscription and is recorded with the staff member's name (History and the audit log show it).
 */
export function MonthlyGiftsPage() {
  const { data: gifts, isLoading, isError, refetch } = useStaffMonthlyGiftsQuery();
  const [cancel] = useStaffCancelMonthlyGiftMutation();
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const stop = async (gift: StaffMonthlyGift) => {
    if (!window.confirm(`Cancel monthly gift ${gift.id} ($${gift.amount} a month to ${gift.fund_title})?`)) return;
    setBusy(gift.id);
    try {
      const answer = await cancel(gift.id).unwrap();
      setNotice({ error: false, text: `Gift ${gift.id}: ${answer.metadata.message ?? "cancelled"}` });
    } catch (error) {
      setNotice({ error: true, text: errorAnswerOf(error)?.metadata.message ?? "The gift could not be cancelled." });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card" aria-labelledby="monthly-gifts-heading">
      <div className="card-heading">
        <h1 id="monthly-gifts-heading">Monthly gifts</h1>
      </div>
      {notice && <p role={notice.error ? "alert" : "status"}>{notice.text}</p>}
      {isLoading && (
        <p className="muted" role="status">
          Loading the monthly gifts…
        </p>
      )}
      {isError && (
        <p role="alert">
          The monthly gifts could not be loaded.{" "}
          <button type="button" onClick={() => refetch()}>
            Try again
          </button>
        </p>
      )}
      {gifts && gifts.length === 0 && <p className="muted">No monthly gifts yet.</p>}
      {gifts && gifts.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Gift</th>
              <th scope="col">Fund</th>
              <th scope="col">Monthly</th>
              <th scope="col">Months</th>
              <th scope="col">Given</th>
              <th scope="col">Card</th>
              <th scope="col">Started</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {gifts.map((gift) => (
              <tr key={gift.id}>
                <td>{gift.id}</td>
                <td>{gift.fund_title}</td>
                <td>${gift.amount}</td>
                <td>{gift.months_paid}</td>
                <td>${formatCents(gift.total_cents)}</td>
                <td>{gift.card}</td>
                <td>
                  <SiteTime iso={gift.started_at} />
                </td>
                <td>
                  {gift.status === "active" ? "Active" : `Cancelled (${gift.cancelled_by})`}
                  {gift.last_failure && gift.status === "active" ? ` · last month failed: ${gift.last_failure}` : ""}
                </td>
                <td>
                  {gift.status === "active" && (
                    <button type="button" disabled={busy === gift.id} onClick={() => stop(gift)}>
                      Cancel
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
