import { formatSiteTime, timeZoneLabel } from "@shop/shared/domain/site-time";
import { useSiteTimeZone } from "./siteApi";

/** A UTC instant as staff read it: in the site's zone with its abbreviation ('Nov 1, 2026, 1:30 AM EDT'). */
export function SiteTime({ iso, seconds, timeOnly }: { iso: string | Date; seconds?: boolean; timeOnly?: boolean }) {
  const zone = useSiteTimeZone();
  const value = typeof iso === "string" ? iso : iso.toISOString();
  return <time dateTime={value}>{zone ? formatSiteTime(value, zone, { seconds, timeOnly }) : ""}</time>;
}

/** The zone a time input is typed in, shown next to it: 'Eastern Time (America/New_York)'. */
export function TimeZoneNote({ id, zone }: { id?: string; zone: string }) {
  return (
    <span id={id} className="time-zone-note muted">
      {timeZoneLabel(zone)}
    </span>
  );
}
