import { useState } from "react";
import { useNavigate } from "react-router";
import {
  BACK_OFFICE_MESSAGES,
  CONTENT_ACTION_LABELS,
  offersAction,
  STATUS_AFTER_ACTION,
  type ContentAction,
  type ContentStatus,
} from "@shop/shared";
import { useContentActionMutation } from "./contentNodeApi";
import type { NodeKind } from "./nodeKinds";

/** The status menu's buttons (§4 "Content status"), in the order staff read them; `other` sets Beta. */
const ACTIONS: ContentAction[] = ["publish", "async", "other", "archive"];

type Props = {
  id: number;
  kind: NodeKind;
  status: ContentStatus;
  parentId: number | null;
  disabled: boolean;
  /** Unsaved edits: the async action runs after a save (§4), so it waits for one. */
  dirty?: boolean;
};

/**
 * The node's status, kept live by pushes, with Publish, Changes Pending (the async action), Beta (the
 * "other" action) and Archive. A failed change says so; an archived page is done with, so the form
 * leaves for its parent's.
 */
export function StatusPanel({ id, kind, status, parentId, disabled, dirty = false }: Props) {
  const [run, { isLoading }] = useContentActionMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();

  async function change(action: ContentAction) {
    setFailure(null);
    const result = await run({ id, action, model: kind.model });
    if ("error" in result && result.error) {
      setFailure(BACK_OFFICE_MESSAGES.statusChangeFailed(STATUS_AFTER_ACTION[action]));
      return;
    }
    // A root page has no parent form: the list is the way out.
    if (action === "archive") navigate(parentId === null ? kind.adminPath : `${kind.adminPath}${parentId}/`);
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
          key={action}
          type="button"
          onClick={() => change(action)}
          title={action === "async" && dirty ? "Save your changes first." : undefined}
          disabled={disabled || isLoading || !offersAction(status, action) || (action === "async" && dirty)}
        >
          {CONTENT_ACTION_LABELS[action]}
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
