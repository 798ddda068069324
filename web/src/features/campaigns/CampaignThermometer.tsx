import { thermometerFill } from "@shop/shared/campaigns/thermometer";
import { useId } from "react";
import { useCampaignStatusQuery } from "./campaignApi";

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-US");

function formatCents(cents: number): string {
  return (cents % 100 === 0 ? wholeDollars : dollars).format(cents / 100);
}

type Props = { campaign: string; title: string };

/** Live progress towards a campaign's goal; renders nothing while the server has no status for it. */
export function CampaignThermometer({ campaign, title }: Props) {
  const { data: status } = useCampaignStatusQuery(campaign);
  const headingId = useId();
  if (!status) return null;

  const { raised_cents, goal_cents, donors } = status;
  const percent = goal_cents > 0 ? Math.min(100, Math.floor((raised_cents / goal_cents) * 100)) : 0;
  const raised = formatCents(raised_cents);
  const goal = formatCents(goal_cents);

  return (
    <section className="thermometer" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <div
        className="thermometer-track"
        role="progressbar"
        aria-labelledby={headingId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${raised} raised of ${goal} (${percent}%)`}
      >
        <div className="thermometer-fill" style={{ width: thermometerFill(raised_cents, goal_cents) }} />
      </div>
      <dl className="thermometer-figures" aria-live="polite">
        <div>
          <dt>Raised</dt>
          <dd>{raised}</dd>
        </div>
        <div>
          <dt>Goal</dt>
          <dd>{goal}</dd>
        </div>
        <div>
          <dt>Donors</dt>
          <dd>{count.format(donors)}</dd>
        </div>
      </dl>
    </section>
  );
}
