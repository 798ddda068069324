import { useState } from "react";
import { BACK_OFFICE_MESSAGES, GAMIFY_ENTRIES_PUSH } from "@shop/shared";
import { api } from "../../app/api";
import { liveCacheEntry } from "../../platform/liveCacheEntry";
import type { RecordExtraProps } from "../records/recordExtras";

type Player = {
  player: string;
  name: string | null;
  email: string | null;
  entries: number;
  /** A confirmed email (an account, or a visitor that confirmed a newsletter address): only they are drawn. */
  eligible: boolean;
  joined: boolean;
  updated_at: string;
};
type WinnerAction = { action: string; count: number; points: number };
type Players = {
  items: Player[];
  entries: number;
  eligible_entries: number;
  winner: string | null;
  drawn_at: string | null;
  winner_entries: number | null;
  winner_actions: WinnerAction[] | null;
};
type DrawAnswer = { winner: string; seed: string; entries: number };
type DrawError = { data?: { metadata?: { message?: string } } };

const base = (slug: string) => `/admin/api/gamify/campaign/${encodeURIComponent(slug)}/`;

const playersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The campaign's players with entries, live: every `gamify:entries` push of this campaign reads it again. */
    gamifyPlayers: build.query<Players, string>({
      query: (slug) => `${base(slug)}players/`,
      providesTags: (_r, _e, slug) => [{ type: "AdminRecord", id: `gamify.players.${slug}` }],
      onCacheEntryAdded: (slug, entry) => {
        const refetch = () =>
          void entry.dispatch(playersApi.util.invalidateTags([{ type: "AdminRecord", id: `gamify.players.${slug}` }]));
        return liveCacheEntry(entry, {
          onReconnect: refetch,
          listen: (socket) =>
            socket.on(GAMIFY_ENTRIES_PUSH, (push: { campaign?: string }) => {
              if (push?.campaign === slug) refetch();
            }),
        });
      },
    }),
    drawGamifyWinner: build.mutation<DrawAnswer, string>({
      query: (slug) => ({ url: `${base(slug)}draw/`, method: "POST", body: {} }),
      invalidatesTags: (result, _e, slug) =>
        result
          ? [
              { type: "AdminRecord", id: `gamify.players.${slug}` },
              { type: "AdminRecord", id: `gamify.campaign.${slug}` },
              "NodeList",
            ]
          : [],
    }),
  }),
});

const who = (p: Player) => (p.name ? `${p.name} (${p.email})` : p.player.startsWith("visitor-") ? "Visitor" : p.player);

/** A campaign's players and entries, live, and the draw of its winner (weighted by entries, in the log). */
export function GamifyPlayersPanel({ record, readOnly }: RecordExtraProps) {
  const slug = String(record.slug ?? "");
  const { data, isLoading } = playersApi.useGamifyPlayersQuery(slug, { skip: !slug });
  const [draw, { isLoading: drawing }] = playersApi.useDrawGamifyWinnerMutation();
  const [error, setError] = useState<string | null>(null);
  const [seed, setSeed] = useState<string | null>(null);
  const winner = data?.items.find((p) => p.player === data.winner);

  const onDraw = async () => {
    if (!window.confirm(`Draw the winner of ${String(record.name ?? slug)} now? This cannot be undone.`)) return;
    setError(null);
    const result = await draw(slug);
    if ("error" in result && result.error)
      setError((result.error as DrawError).data?.metadata?.message ?? BACK_OFFICE_MESSAGES.genericServerError);
    else if ("data" in result && result.data) setSeed(result.data.seed);
  };

  return (
    <section className="card" aria-labelledby="gamify-players-heading">
      <h2 id="gamify-players-heading">Players and entries</h2>
      {data?.winner ? (
        <p className="notice ok" role="status" data-testid="gamify-winner">
          Winner: {winner ? who(winner) : data.winner}
          {data.winner_entries !== null && (
            <>
              {" "}
              with <span data-testid="gamify-winner-entries">{data.winner_entries}</span>{" "}
              {data.winner_entries === 1 ? "entry" : "entries"}
              {data.winner_actions?.length
                ? ` (${data.winner_actions.map((a) => `${a.action}: ${a.points} from ${a.count}×`).join(", ")})`
                : ""}
            </>
          )}
          {seed && <span className="muted"> (seed {seed})</span>}
        </p>
      ) : (
        <p>
          <button
            type="button"
            className="button-primary"
            onClick={onDraw}
            disabled={readOnly || drawing || !data?.eligible_entries}
          >
            {drawing ? "Drawing…" : "Draw a winner"}
          </button>{" "}
          <span className="muted">
            Each entry is one chance; only players with a confirmed email (signed in, or a confirmed newsletter address)
            are drawn. The draw is kept in the log with its seed.
          </span>
        </p>
      )}
      {error && (
        <p className="error-summary" role="alert">
          {error}
        </p>
      )}
      {isLoading ? (
        <p>Loading…</p>
      ) : (
        <table className="list-table">
          <caption className="visually-hidden">Players of {slug}</caption>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Entries</th>
              <th scope="col">In the draw</th>
              <th scope="col">Joined</th>
            </tr>
          </thead>
          <tbody aria-live="polite">
            {data?.items.map((p) => (
              <tr key={p.player} data-testid="gamify-player">
                <td>{who(p)}</td>
                <td>{p.entries}</td>
                <td>{p.eligible ? "Yes" : "No (email not confirmed)"}</td>
                <td>{p.joined ? "Yes" : "No"}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td data-testid="gamify-total-entries">{data?.entries ?? 0}</td>
              <td data-testid="gamify-eligible-entries">{data?.eligible_entries ?? 0}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
