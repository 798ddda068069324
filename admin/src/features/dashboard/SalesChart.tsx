import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { DashboardAnswer } from "@shop/shared/dashboard/api";

/**
 * Money received per day this month (sales and gifts), drawn by uPlot like the analytics page. The
 * canvas is for the eye; the figures beside it and the CSV hold the same numbers for everyone.
 */
export function SalesChart({ days }: { days: DashboardAnswer["by_day"] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || days.length === 0) return;
    const x = days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
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
        scales: { x: { time: true } },
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
  }, [days]);
  return (
    <div ref={box} className="sales-chart" role="img" aria-label="Money received and donations per day this month" />
  );
}
