import { BACK_OFFICE_MESSAGES, type RecordLock } from "@shop/shared";
import type { UserRef } from "../features/content-node-form/contentNodeApi";
import type { Conflict } from "../features/content-node-form/useNodeSave";

/** Why an in-place save wrote nothing, and what the bar does about it. */
export type SaveRefusal =
  | { kind: "warnings"; warnings: string[] }
  /** Someone else holds the lock ('Object is already locked!' with the holder): the editor is displaced. */
  | { kind: "locked"; holder: RecordLock }
  /** A newer version was saved since (409 with who, when and the version): review the difference. */
  | { kind: "stale"; conflict: Conflict }
  | { kind: "error"; message: string };

type ErrorBody = {
  metadata?: { errors?: unknown; warnings?: unknown; message?: unknown };
  lock?: RecordLock | null;
  saved_by?: UserRef | null;
  saved_at?: string;
  version?: number;
};

const lines = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Reads a failed PUT /admin/api/content/node-ipa-save/ answer. */
export function saveRefusalOf(error: unknown): SaveRefusal {
  const { status, data } = (error ?? {}) as { status?: number | string; data?: ErrorBody };
  const body = data ?? {};
  const warnings = lines(body.metadata?.warnings);
  if (warnings.length) return { kind: "warnings", warnings };
  const errors = lines(body.metadata?.errors);
  if (body.lock && errors.some((line) => line.endsWith(BACK_OFFICE_MESSAGES.alreadyLocked)))
    return { kind: "locked", holder: body.lock };
  if (status === 409 && typeof body.version === "number") {
    return { kind: "stale", conflict: { by: body.saved_by ?? null, at: body.saved_at ?? "", version: body.version } };
  }
  const message =
    typeof body.metadata?.message === "string" ? body.metadata.message : errors[0]?.replace(/^__all__: /, "");
  if (message) return { kind: "error", message };
  const serverFault = typeof status !== "number" || status >= 500;
  return {
    kind: "error",
    message: serverFault ? BACK_OFFICE_MESSAGES.genericServerError : BACK_OFFICE_MESSAGES.adminApiBroken,
  };
}
