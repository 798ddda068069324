import { formatCents } from "../domain/currency.ts";

/** The `/public` socket push to a campaign's room (`campaign:{slug}`) on every change, and what campaign-status answers. */
export interface ThermometerMessage {
  campaign: string;
  raised_cents: number;
  goal_cents: number;
  donors: number;
  html: string;
}

export const campaignRoom = (slug: string) => `campaign:${slug}`;

/** The templates campaign-status renders (`template=`); any other name renders the default. */
export const THERMOMETER_TEMPLATES = ["thermometer", "compact"] as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const dollars = (cents: number) => {
  const text = formatCents(cents, { commas: true });
  return `$${text.endsWith(".00") ? text.slice(0, -3) : text}`;
};

/**
 * The bar's filled width as CSS (issue 26 §5: progress shows from the first dollar): nothing raised
 * (or with no goal) is empty; anything raised is its exact share, never less than a visible sliver.
 */
export function thermometerFill(raisedCents: number, goalCents: number): string {
  if (raisedCents <= 0 || goalCents <= 0) return "0%";
  const share = Math.min(100, (raisedCents / goalCents) * 100);
  return share >= 100 ? "100%" : `max(0.75rem, ${Number(share.toFixed(3))}%)`;
}

/** The thermometer block's HTML, rendered once per change on the server (pure: the same totals give the same HTML). */
export function renderThermometer(
  status: { campaign: string; name: string; raisedCents: number; goalCents: number; donors: number },
  template = "thermometer",
): string {
  const percent =
    status.goalCents > 0 ? Math.min(100, Math.max(0, Math.floor((status.raisedCents / status.goalCents) * 100))) : 0;
  const raised = dollars(status.raisedCents);
  const goal = dollars(status.goalCents);
  const donors = `${status.donors.toLocaleString("en-US")} ${status.donors === 1 ? "donor" : "donors"}`;
  const bar = `<div class="thermometer-track" role="progressbar" aria-label="${escapeHtml(status.name)}: raised of the goal" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${percent}" aria-valuetext="${raised} raised of ${goal} (${percent}%)"><div class="thermometer-fill" style="width:${thermometerFill(status.raisedCents, status.goalCents)}"></div></div>`;
  if (template === "compact")
    return `<div class="thermometer thermometer-compact" data-campaign="${escapeHtml(status.campaign)}">${bar}<p>${raised} of ${goal}</p></div>`;
  return `<div class="thermometer" data-campaign="${escapeHtml(status.campaign)}"><h2>${escapeHtml(status.name)}</h2>${bar}<p class="thermometer-figures"><span class="raised">${raised}</span> raised of <span class="goal">${goal}</span> goal · <span class="donors">${donors}</span></p></div>`;
}
