import { useState } from "react";
import { formatCents } from "@shop/shared";
import { DailyChart } from "./DailyChart";
import { useAnalyticsSummaryQuery } from "./analyticsApi";
import "./analytics.css";

const RANGES = [7, 30, 90];
const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : "–");

/**
 * /admin/analytics/: how the shop is doing, from its own analytics (spec 1): the funnel from a page
 * view to a purchase by distinct visitors, visitors and purchases per day, top pages and products.
 */
export function AnalyticsPage() {
  const [days, setDays] = useState(30);
  const { data, isLoading, isError, refetch } = useAnalyticsSummaryQuery(days);
  const funnel = data?.funnel;
  return (
    <section className="card analytics" aria-labelledby="analytics-heading">
      <div className="card-heading">
        <h1 id="analytics-heading">Analytics</h1>
        <label>
          Period{" "}
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {RANGES.map((n) => (
              <option key={n} value={n}>
                Last {n} days
              </option>
            ))}
          </select>
        </label>
      </div>
      {isLoading && <p role="status">Loading the figures…</p>}
      {isError && (
        <p role="alert">
          The figures could not be loaded.{" "}
          <button type="button" onClick={() => refetch()}>
            Try again
          </button>
        </p>
      )}
      {funnel && data && (
        <>
          <h2>Funnel</h2>
          <ol className="analytics-funnel" aria-label="Visitors at each stage">
            <li>
              <strong>{funnel.views}</strong> viewed a page
            </li>
            <li>
              <strong>{funnel.adds}</strong> added to a cart{" "}
              <span className="muted">({percent(funnel.adds, funnel.views)})</span>
            </li>
            <li>
              <strong>{funnel.checkouts}</strong> reached checkout{" "}
              <span className="muted">({percent(funnel.checkouts, funnel.views)})</span>
            </li>
            <li>
              <strong>{funnel.purchases}</strong> bought{" "}
              <span className="muted">({percent(funnel.purchases, funnel.views)})</span>
            </li>
          </ol>
          <h2>By day</h2>
          <DailyChart days={data.by_day} />
          <table className="analytics-table">
            <caption className="visually-hidden">Each day's visitors, page views, purchases and revenue</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Visitors</th>
                <th scope="col">Page views</th>
                <th scope="col">Purchases</th>
                <th scope="col">Conversion</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {data.by_day.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.visitors}</td>
                  <td>{d.views}</td>
                  <td>{d.purchases}</td>
                  <td>{percent(d.purchases, d.visitors)}</td>
                  <td>${formatCents(d.revenue_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="analytics-tops">
            <section aria-labelledby="top-pages">
              <h2 id="top-pages">Top pages</h2>
              {data.top_pages.length === 0 && <p className="muted">No page views in this period.</p>}
              <ol>
                {data.top_pages.map((p) => (
                  <li key={p.path}>
                    <a href={p.path}>{p.path}</a>{" "}
                    <span className="muted">
                      {p.views} {p.views === 1 ? "view" : "views"}
                    </span>
                  </li>
                ))}
              </ol>
            </section>
            <section aria-labelledby="top-products">
              <h2 id="top-products">Top products</h2>
              {data.top_products.length === 0 && <p className="muted">Nothing added to a cart in this period.</p>}
              <ol>
                {data.top_products.map((p) => (
                  <li key={p.sku}>
                    {p.sku}{" "}
                    <span className="muted">
                      added {p.adds} {p.adds === 1 ? "time" : "times"}
                    </span>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        </>
      )}
    </section>
  );
}
