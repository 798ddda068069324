import { type FormEvent, useEffect, useState } from "react";
import type { GiveawayPanel, JoinAnswer } from "@shop/shared/gamify/giveaway";
import { VBS_2016_REVEAL } from "@shop/shared/gamify/api";
import { chooseWeighted } from "@shop/shared/gamify/weighted";
import { navigate } from "../../platform/router";
import { useGiveawayQuery, useJoinCampaignMutation } from "./giveawayApi";
import { entriesText } from "./timing";
import "./gamify.css";

const JOIN_FAILED = "You could not be entered just now. Please refresh this page and try again.";

/** The join form (§5): one campaign panel, chosen weighted-random by its weight once the page is in the browser. */
function JoinForm({ campaign, panels }: { campaign: string; panels: GiveawayPanel[] }) {
  const [panel, setPanel] = useState<GiveawayPanel | null>(null);
  const [join, { isLoading }] = useJoinCampaignMutation();
  const [alert, setAlert] = useState<string | null>(null);
  // Chosen in the browser only: the server's render and the first render agree, then one panel shows.
  useEffect(() => setPanel(chooseWeighted(panels, (p) => p.weight, Math.random)), [panels]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    const result = await join(body);
    const answer: JoinAnswer | undefined =
      "data" in result ? result.data : ((result.error as { data?: JoinAnswer } | undefined)?.data ?? undefined);
    if (answer?.success) return navigate(answer.redirect ?? "/account/");
    // §8: errors are joined by newline into an alert.
    setAlert(answer?.errors?.length ? answer.errors.join("\n") : JOIN_FAILED);
  };

  return (
    <form className="giveaway-join" onSubmit={onSubmit} aria-labelledby="join-heading" data-panel={panel?.slug}>
      <h2 id="join-heading">{panel?.name ?? "Join the giveaway"}</h2>
      {panel?.creative ? <p>{panel.creative}</p> : null}
      <input type="hidden" name="campaign" value={campaign} />
      <input type="hidden" name="panel" value={panel?.slug ?? ""} />
      <input type="hidden" name="redirect" value="/giveaway" />
      <label className="giveaway-rules">
        <input type="checkbox" name="accept_rules" value="1" /> I accept the giveaway rules
      </label>
      {alert ? (
        <p className="giveaway-alert" role="alert">
          {alert}
        </p>
      ) : null}
      <button type="submit" disabled={isLoading}>
        {isLoading ? "Joining…" : "Join"}
      </button>
    </form>
  );
}

/** /giveaway (linked from the toolbar's entries counter): the player's entries, joining, and the winner, live. */
export function GiveawayPage() {
  const campaign = VBS_2016_REVEAL;
  const { data, isError } = useGiveawayQuery(campaign);
  if (isError) return <p role="alert">The giveaway could not be loaded. Please refresh this page.</p>;
  if (!data) return <p>Loading…</p>;
  return (
    <div className="giveaway-page">
      <h1>{data.campaign.name}</h1>
      {data.winner ? (
        <section className="giveaway-winner" aria-live="polite" data-testid="giveaway-winner">
          <h2>{data.winner.you ? "You won!" : "We have a winner"}</h2>
          <p>
            The winner is <strong>{data.winner.name}</strong>.
          </p>
        </section>
      ) : (
        <p aria-live="polite" data-testid="giveaway-waiting">
          The winner has not been drawn yet. Every entry is one chance.
        </p>
      )}
      <p className="giveaway-entries">
        You have <strong data-testid="giveaway-entries">{entriesText(data.entries)}</strong>.
      </p>
      {data.eligible || data.winner ? null : (
        <p className="giveaway-confirm" data-testid="giveaway-confirm-email">
          Confirm your email to enter the draw: <a href="/account/login/?next=/giveaway">sign in</a>, or subscribe to{" "}
          <a href="/newsletters/">our newsletter</a> and open the link in its mail in this browser. Your entries keep
          counting meanwhile.
        </p>
      )}
      {data.achievements.length ? (
        <>
          <h2>Your achievements</h2>
          <ul>
            {data.achievements.map((a) => (
              <li key={a.slug}>{a.name}</li>
            ))}
          </ul>
        </>
      ) : null}
      {data.joined ? (
        <p data-testid="giveaway-joined">You have joined this giveaway.</p>
      ) : data.winner ? null : (
        <JoinForm campaign={campaign} panels={data.panels} />
      )}
    </div>
  );
}
