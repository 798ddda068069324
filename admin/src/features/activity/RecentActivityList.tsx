import { SiteTime } from "../site-time/SiteTime";
import { useRecentActivityQuery, type AuditEvent } from "./activityApi";

export function RecentActivityList() {
  const { data, isLoading, isError, refetch } = useRecentActivityQuery();

  return (
    <section className="card" aria-labelledby="activity-heading">
      <div className="card-heading">
        <h2 id="activity-heading">Recent activity</h2>
        {data && <LiveBadge live={data.live} />}
      </div>
      {isLoading && (
        <p className="muted" role="status">
          Loading recent activity…
        </p>
      )}
      {isError && (
        <div role="alert">
          <p>Recent activity could not be loaded.</p>
          <button type="button" onClick={() => refetch()}>
            Try again
          </button>
        </div>
      )}
      {data && data.items.length === 0 && (
        <p className="muted">No activity yet. New events appear here as they happen.</p>
      )}
      {data && data.items.length > 0 && (
        <ol className="activity" aria-live="polite" aria-relevant="additions">
          {data.items.map((event) => (
            <ActivityItem key={String(event.position)} event={event} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ActivityItem({ event }: { event: AuditEvent }) {
  return (
    <li className="activity-item">
      <span className="activity-type">{event.type}</span>
      <span className="activity-stream">
        <code>{event.stream}</code>
      </span>
      <span className="activity-meta">
        {event.user_name ?? event.user ?? "System"} · <SiteTime iso={event.time} seconds />
        <span className="visually-hidden"> · position</span>{" "}
        <span className="activity-position">#{event.position}</span>
      </span>
    </li>
  );
}

function LiveBadge({ live }: { live: boolean }) {
  return (
    <span className={live ? "badge live" : "badge"} role="status">
      {live ? "Live" : "Not connected"}
    </span>
  );
}
