import { useState } from "react";
import { useDispatch } from "react-redux";
import type { AppDispatch } from "../../app/store";
import { SiteTime } from "../site-time/SiteTime";
import { ModalDialog } from "../warnings/ModalDialog";
import { contentNodeApi } from "./contentNodeApi";
import { FIELD_LABELS, toFormValues, type FieldName, type NodeFormValues } from "./nodeFormValues";
import type { NodeFormState } from "./useNodeForm";
import type { Conflict } from "./useNodeSave";

type Review = { before: NodeFormValues; theirs: NodeFormValues; fields: FieldName[] };

/**
 * A save against a newer version (409): says who saved and when, and offers the difference. Reviewing
 * loads their version as the new base, so saving again keeps their other changes and applies these edits.
 */
export function ConflictDialog({
  id,
  conflict,
  form,
  onSaveMine,
  onClose,
}: {
  id: number;
  conflict: Conflict;
  form: NodeFormState;
  onSaveMine: () => void;
  onClose: () => void;
}) {
  const dispatch = useDispatch<AppDispatch>();
  const [review, setReview] = useState<Review | null>(null);
  const [loading, setLoading] = useState(false);
  const savedAt = conflict.at ? <SiteTime iso={conflict.at} /> : "just now";

  async function loadTheirs() {
    setLoading(true);
    const before = form.base;
    const result = await dispatch(
      contentNodeApi.endpoints.getNode.initiate(id, { forceRefetch: true, subscribe: false }),
    );
    setLoading(false);
    if (!result.data) return;
    const theirs = toFormValues(result.data, form.zone);
    const fields = (Object.keys(theirs) as FieldName[]).filter(
      (f) => theirs[f] !== before[f] || (f in form.edits && form.edits[f] !== theirs[f]),
    );
    setReview({ before, theirs, fields });
  }

  return (
    <ModalDialog
      title="Someone saved this node after you opened it"
      onClose={onClose}
      role="alertdialog"
      className="wide"
    >
      <p>
        <strong>{conflict.by?.name ?? "Someone"}</strong> saved version {conflict.version} at {savedAt}. Your changes
        are not saved yet.
      </p>
      {review ? (
        <div className="table-scroll">
          <table className="diff-table">
            <caption className="visually-hidden">Changed fields</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">When you opened it</th>
                <th scope="col">{conflict.by?.name ?? "Their"} version</th>
                <th scope="col">Your version</th>
              </tr>
            </thead>
            <tbody>
              {review.fields.map((field) => (
                <tr key={field}>
                  <th scope="row">{FIELD_LABELS[field]}</th>
                  <td>{review.before[field]}</td>
                  <td className={review.theirs[field] !== review.before[field] ? "changed" : undefined}>
                    {review.theirs[field]}
                  </td>
                  <td className={field in form.edits ? "changed" : undefined}>
                    {form.edits[field] ?? review.theirs[field]}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="dialog-actions">
        {!review && (
          <button type="button" className="button-primary" onClick={loadTheirs} disabled={loading} autoFocus>
            Review the difference
          </button>
        )}
        {review && (
          <button type="button" className="button-primary" onClick={onSaveMine}>
            Save my changes over theirs
          </button>
        )}
        {review && (
          <button
            type="button"
            onClick={() => {
              form.reset({});
              onClose();
            }}
          >
            Discard my changes
          </button>
        )}
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
