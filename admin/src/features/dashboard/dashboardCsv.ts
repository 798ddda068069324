import { formatCents } from "@shop/shared";
import type { DashboardAnswer } from "@shop/shared/dashboard/api";

type Cell = string | number;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text
 * starting with = + - @ (a product title staff typed) gets a leading ' so a spreadsheet shows it
 * instead of running it as a formula (a
 * negative amount such as -5.00 stays a number).
 */
export function csvField(value: Cell): string {
  if (typeof value === "number") return String(value);
  const formula = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value);
  const text = formula ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvOf = (rows: Cell[][]) => `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;

const money = (cents: number) => formatCents(cents);

/** The dashboard's figures as one CSV: a section per table, a blank line between them. */
export function dashboardCsv(d: DashboardAnswer): string {
  const period = (name: string, f: DashboardAnswer["today"] | DashboardAnswer["month"]): Cell[] => [
    name,
    f.orders,
    money(f.revenue_cents),
    money(f.donations_cents),
    f.refunds,
    money(f.refunded_cents),
    f.players,
  ];
  return csvOf([
    [`Figures (${d.time_zone})`, "Orders", "Received", "Donations", "Refunds", "Refunded", "Giveaway joins"],
    period(`Today ${d.today.day}`, d.today),
    period(`Month ${d.month.month}`, d.month),
    [],
    ["Day", "Orders", "Received", "Donations"],
    ...d.by_day.map((r) => [r.day, r.orders, money(r.revenue_cents), money(r.donations_cents)]),
    [],
    ["Campaign", "Received", "Pledged"],
    ...d.campaigns.map((c) => [c.name, money(c.received_cents), money(c.pledged_cents)]),
    [],
    ["SKU", "Top product", "Quantity", "Sales"],
    ...d.top_products.map((p) => [p.sku, p.title, p.quantity, money(p.revenue_cents)]),
    [],
    ["SKU", "Low stock", "On hand"],
    ...d.low_stock.map((s) => [s.sku, s.title, s.stock]),
    [],
    ["Giveaway", "Players"],
    ...d.giveaways.map((g) => [g.name, g.players]),
  ]);
}
