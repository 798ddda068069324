import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { DashboardAnswer } from "@shop/shared/dashboard/api";

/**
 * Money received per day this month (sales and gifts), drawn by uPlot like the analytics page. The
 * canvas is for the eye; the figures beside it and the CSV hold the same numbers for everyone.
 */
export function SalesChart({ data }: { data: DashboardAnswer }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const days = monthSoFar(data);
    const x = days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
    const halfDay = 43_200;
    const dollars = (cents: number) => cents / 100;
    const chart = new uPlot(
      {
        width: Math.max(260, element.clientWidth),
        height: 200,
        series: [
          {},
          { label: "Received $", stroke: "#1d4ed8", width: 2, points: { show: true } },
          { label: "Donations $", stroke: "#047857", width: 2, points: { show: true } },
        ],
        axes: [{}, { size: 60 }],
        // Every day of the month so far, half a day either side: one day alone does not span years.
        scales: { x: { time: true, range: () => [x[0]! - halfDay, x.at(-1)! + halfDay] } },
      },
      [x, days.map((d) => dollars(d.revenue_cents)), days.map((d) => dollars(d.donations_cents))],
      element,
    );
    const resize = () => chart.setSize({ width: Math.max(260, element.clientWidth), height: 200 });
    window.addEventListener("resize", resize);
    return () => {
      window.removeEventListener("resize", resize);
      chart.destroy();
    };
  }, [data]);
  return (
    <div ref={box} className="sales-chart" role="img" aria-label="Money received and donations per day this month" />
  );
}

/** Each day from the 1st to today, the days without a row at zero. */
function monthSoFar(data: DashboardAnswer): DashboardAnswer["by_day"] {
  const rows = new Map(data.by_day.map((d) => [d.day, d]));
  const last = Number(data.today.day.slice(8, 10));
  return Array.from({ length: last }, (_, i) => {
    const day = `${data.month.month}-${String(i + 1).padStart(2, "0")}`;
    return rows.get(day) ?? { day, orders: 0, revenue_cents: 0, donations_cents: 0 };
  });
}
