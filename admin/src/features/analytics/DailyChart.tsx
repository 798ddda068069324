import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { AnalyticsSummary } from "@shop/shared/analytics/api";

/**
 * Visitors and purchases per day, drawn by uPlot (small, fast, well kept: docs/decisions.md). The
 * canvas is for the eye; the table beside it (AnalyticsPage) holds the same figures for everyone.
 */
export function DailyChart({ days }: { days: AnalyticsSummary["by_day"] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || days.length === 0) return;
    const x = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 220,
        series: [
          {},
          { label: "Visitors", stroke: "#1d4ed8", width: 2 },
          { label: "Purchases", stroke: "#b45309", width: 2 },
        ],
        axes: [{}, { label: "per day" }],
        scales: { x: { time: true } },
      },
      [x, days.map((d) => d.visitors), days.map((d) => d.purchases)],
      element,
    );
    return () => chart.destroy();
  }, [days]);
  return <div ref={box} className="analytics-chart" role="img" aria-label="Visitors and purchases per day" />;
}
