import { formatCents } from "@shop/shared";
import type { DashboardAnswer, DashboardFigures } from "@shop/shared/dashboard/api";
import { dashboardCsv } from "./dashboardCsv";
import { useDashboardQuery } from "./dashboardApi";
import { SalesChart } from "./SalesChart";

const dollars = (cents: number) => `$${formatCents(cents, { commas: true })}`;

function Period({ title, figures }: { title: string; figures: DashboardFigures }) {
  return (
    <section className="figures" aria-label={title}>
      <h3>{title}</h3>
      <dl>
        <div>
          <dt>Orders</dt>
          <dd>{figures.orders}</dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>{dollars(figures.revenue_cents)}</dd>
        </div>
        <div>
          <dt>Donations</dt>
          <dd>{dollars(figures.donations_cents)}</dd>
        </div>
        <div>
          <dt>Refunds</dt>
          <dd>
            {dollars(figures.refunded_cents)} <small>({figures.refunds})</small>
          </dd>
        </div>
        <div>
          <dt>Giveaway joins</dt>
          <dd>{figures.players}</dd>
        </div>
      </dl>
    </section>
  );
}

function download(data: DashboardAnswer) {
  const url = URL.createObjectURL(new Blob([dashboardCsv(data)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `dashboard-${data.today.day}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The dashboard's sales and donation figures (GET /admin/api/dashboard/), live over the admin socket. */
export function SalesFigures() {
  const { data, isLoading, isError, refetch } = useDashboardQuery();
  return (
    <section className="card sales" aria-labelledby="sales-heading">
      <div className="card-heading">
        <h2 id="sales-heading">Sales and donations</h2>
        {data && (
          <button type="button" onClick={() => download(data)}>
            Download CSV
          </button>
        )}
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
      {data && (
        <>
          <p className="muted">Days begin at midnight, {data.time_zone}. Money counts when it is received.</p>
          <div className="sales-periods">
            <Period title={`Today, ${data.today.day}`} figures={data.today} />
            <Period title={`This month, ${data.month.month}`} figures={data.month} />
          </div>
          <SalesChart data={data} />
          <div className="sales-tables">
            <SalesTable
              caption="Donations per campaign"
              head={["Campaign", "Received", "Pledged"]}
              rows={data.campaigns.map((c) => [c.name, dollars(c.received_cents), dollars(c.pledged_cents)])}
              empty="No campaign yet."
            />
            <SalesTable
              caption="Top products this month"
              head={["Product", "Sold", "Sales"]}
              rows={data.top_products.map((p) => [
                `${p.title} (${p.sku})`,
                String(p.quantity),
                dollars(p.revenue_cents),
              ])}
              empty="Nothing sold this month yet."
            />
            <SalesTable
              caption="Low stock"
              head={["Product", "On hand"]}
              rows={data.low_stock.map((s) => [`${s.title} (${s.sku})`, String(s.stock)])}
              empty="No tracked product is low."
            />
            <SalesTable
              caption="Giveaway players"
              head={["Giveaway", "Players"]}
              rows={data.giveaways.map((g) => [g.name, String(g.players)])}
              empty="No giveaway yet."
            />
          </div>
        </>
      )}
    </section>
  );
}

function SalesTable({
  caption,
  head,
  rows,
  empty,
}: {
  caption: string;
  head: string[];
  rows: string[][];
  empty: string;
}) {
  return (
    <table className="sales-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={head.length} className="muted">
              {empty}
            </td>
          </tr>
        )}
        {rows.map(([first, ...rest]) => (
          <tr key={first}>
            <th scope="row">{first}</th>
            {rest.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells never move
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
