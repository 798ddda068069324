import { useState } from "react";
import { useNavigate } from "react-router";
import {
  BACK_OFFICE_MESSAGES,
  offersAction,
  STATUS_AFTER_ACTION,
  type ContentAction,
  type ContentStatus,
} from "@shop/shared";
import { useContentActionMutation } from "./contentNodeApi";

/** The status menu's buttons (§4 "Content status"); the status each sets is in STATUS_AFTER_ACTION. */
const ACTIONS: Array<{ action: Exclude<ContentAction, "async">; label: string }> = [
  { action: "publish", label: "Publish" },
  { action: "other", label: "Set to Beta" },
  { action: "archive", label: "Archive" },
];

type Props = { id: number; status: ContentStatus; parentId: number | null; disabled: boolean };

/**
 * The node's status, kept live by pushes, with the Publish, Beta (the "other" action) and Archive
 * actions. A failed change says so; an archived page is done with, so the form leaves for its parent's.
 */
export function StatusPanel({ id, status, parentId, disabled }: Props) {
  const [run, { isLoading }] = useContentActionMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();

  async function change(action: (typeof ACTIONS)[number]) {
    setFailure(null);
    const result = await run({ id, action: action.action });
    if ("error" in result && result.error) {
      setFailure(BACK_OFFICE_MESSAGES.statusChangeFailed(STATUS_AFTER_ACTION[action.action]));
      return;
    }
    // A root page has no parent form: the list of content nodes is the way out.
    if (action.action === "archive")
      navigate(parentId === null ? "/content/contentnode/" : `/content/contentnode/${parentId}/`);
  }

  return (
    <div className="status-panel">
      <span className="muted">Status:</span>{" "}
      <span
        role="status"
        aria-live="polite"
        className={`status-chip status-${status.toLowerCase().replace(/\s+/g, "-")}`}
        data-testid="node-status"
      >
        {status}
      </span>
      {ACTIONS.map((action) => (
        <button
          key={action.action}
          type="button"
          onClick={() => change(action)}
          disabled={disabled || isLoading || !offersAction(status, action.action)}
        >
          {action.label}
        </button>
      ))}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
