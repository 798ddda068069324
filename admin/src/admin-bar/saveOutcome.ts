import { BACK_OFFICE_MESSAGES, errorAnswerOf, errorCodeOf, type RecordLock } from "@shop/shared";
import type { Conflict } from "../features/content/useNodeSave";

/** Why an in-place save wrote nothing, and what the bar does about it. */
export type SaveRefusal =
  | { kind: "warnings"; warnings: string[] }
  /** Someone else holds the lock (ALREADY_LOCKED with the holder): the editor is displaced. */
  | { kind: "locked"; holder: RecordLock }
  /** A newer version was saved since (STALE_VERSION with who, when and the version): review the difference. */
  | { kind: "stale"; conflict: Conflict }
  | { kind: "error"; message: string };

/** Reads a failed PUT /admin/api/content/node-ipa-save/ answer by its `metadata.code`. */
export function saveRefusalOf(error: unknown): SaveRefusal {
  const body = errorAnswerOf(error);
  switch (errorCodeOf(error)) {
    case "NODE_HAS_WARNINGS":
      return { kind: "warnings", warnings: body?.metadata.warnings ?? [] };
    case "ALREADY_LOCKED":
      if (body?.lock) return { kind: "locked", holder: body.lock };
      break;
    case "STALE_VERSION":
      if (typeof body?.version === "number")
        return {
          kind: "stale",
          conflict: { by: body.saved_by ?? null, at: body.saved_at ?? "", version: body.version },
        };
      break;
  }
  const message = body?.metadata.message ?? body?.metadata.errors?.[0]?.replace(/^__all__: /, "");
  if (message) return { kind: "error", message };
  const status = (error as { status?: unknown } | null)?.status;
  const serverFault = typeof status !== "number" || status >= 500;
  return {
    kind: "error",
    message: serverFault ? BACK_OFFICE_MESSAGES.genericServerError : BACK_OFFICE_MESSAGES.adminApiBroken,
  };
}
