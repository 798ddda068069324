import { Link } from "react-router";
import { historyEnabled, type ContentStatus } from "@shop/shared";

/** Why the switch is off, said next to it (§4: the async action disables history). */
export const HISTORY_OFF_NOTE = "History is off while changes are pending. Publish to turn it back on.";

/**
 * The history switch (§4): the way to the node's history, off while the node is Changes Pending
 * (the async action, or an edit of a Live page) and back on once it is published, set to Beta or archived.
 */
export function HistorySwitch({ href, status }: { href: string; status: ContentStatus }) {
  if (historyEnabled(status)) return <Link to={href}>History</Link>;
  return (
    <span className="history-switch">
      <button
        type="button"
        className="link-button"
        disabled
        title={HISTORY_OFF_NOTE}
        aria-describedby="history-off-note"
        data-testid="history-switch"
      >
        History
      </button>{" "}
      <span id="history-off-note" className="muted">
        (off while changes are pending)
      </span>
    </span>
  );
}
