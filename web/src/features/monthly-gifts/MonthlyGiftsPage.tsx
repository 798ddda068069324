import { orderCompletePath } from "@shop/shared/checkout/api";
import { errorAnswerOf } from "@shop/shared/errors/codes";
import { useState } from "react";
import { useMeQuery } from "../accounts/accountApi";
import { money } from "../cart/money";
import { type MonthlyGiftView, useCancelMonthlyGiftMutation, useMonthlyGiftsQuery } from "./monthlyGiftsApi";
import "./monthly-gifts.css";

type Notice = { tone: "positive" | "negative"; text: string };
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" }) : "");

/** /account/monthly-gifts/ (issue 26 §5, §7): the shopper's monthly gifts, each with Cancel while it runs. */
export function MonthlyGiftsPage() {
  const { data: me, isLoading } = useMeQuery();
  if (isLoading) return <p role="status">Loading…</p>;
  if (!me)
    return (
      <p>
        Please <a href="/account/login/?next=%2Faccount%2Fmonthly-gifts%2F">sign in</a> to see your monthly gifts.
      </p>
    );
  return <MonthlyGifts />;
}

function MonthlyGifts() {
  const { data, isLoading, isError } = useMonthlyGiftsQuery();
  const [cancel] = useCancelMonthlyGiftMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const stop = async (gift: MonthlyGiftView) => {
    if (!window.confirm(`Stop your monthly gift of ${money(gift.amount)} to ${gift.fund_title}?`)) return;
    setBusy(gift.id);
    try {
      const answer = await cancel(gift.id).unwrap();
      setNotice({ tone: "positive", text: answer.metadata.message ?? "Cancelled." });
    } catch (error) {
      const text = errorAnswerOf(error)?.metadata.message ?? "Your gift could not be cancelled. Please try again.";
      setNotice({ tone: "negative", text });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="monthly-gifts-page">
      <h1>Your monthly gifts</h1>
      <p>
        <a href="/account/">Back to your account</a>
      </p>
      <div aria-live="polite">
        {notice && (
          <p role={notice.tone === "negative" ? "alert" : "status"} className={`alert ${notice.tone}`}>
            {notice.text}
          </p>
        )}
      </div>
      {isLoading ? (
        <p role="status">Loading your monthly gifts…</p>
      ) : isError || !data ? (
        <p role="alert" className="alert negative">
          Your monthly gifts could not be loaded. Please refresh this page and try again.
        </p>
      ) : data.items.length === 0 ? (
        <p>
          You have no monthly gifts. Tick "Make this monthly" when you <a href="/donate/">give</a>.
        </p>
      ) : (
        <ul className="monthly-gifts">
          {data.items.map((gift) => (
            <li key={gift.id} className="monthly-gift" aria-label={`Monthly gift ${gift.id}`}>
              <div className="monthly-gift-text">
                <p className="monthly-gift-title">
                  {money(gift.amount)} a month to {gift.fund_title}
                </p>
                <p>
                  {gift.status === "active" ? "Active" : `Cancelled ${day(gift.cancelled_at)}`} · since{" "}
                  {day(gift.started_at)} · {gift.card}
                </p>
                <p>
                  {gift.months_paid} {gift.months_paid === 1 ? "month" : "months"} given,{" "}
                  {money(gift.total_cents / 100)} in all (first month:{" "}
                  <a href={orderCompletePath(gift.order_number)}>order {gift.order_number}</a>)
                </p>
                {gift.last_failure && gift.status === "active" && (
                  <p className="alert negative">Last month could not be charged: {gift.last_failure}</p>
                )}
              </div>
              {gift.status === "active" && (
                <button type="button" disabled={busy === gift.id} onClick={() => stop(gift)}>
                  {busy === gift.id ? "Cancelling…" : "Cancel monthly gift"}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
