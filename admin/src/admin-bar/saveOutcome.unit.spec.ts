import { describe, expect, it } from "vitest";
import { BACK_OFFICE_MESSAGES } from "@shop/shared";
import { saveRefusalOf } from "./saveOutcome";

const colleague = { user: { id: "2", name: "Colleague Editor" }, reason: 1, comment: "", autoCreated: true };

describe("a refused in-place save", () => {
  it("ALREADY_LOCKED with the holder displaces the editor", () => {
    const error = {
      status: 409,
      data: {
        metadata: {
          success: false,
          code: "ALREADY_LOCKED",
          message: BACK_OFFICE_MESSAGES.alreadyLocked,
          errors: [BACK_OFFICE_MESSAGES.alreadyLocked],
        },
        lock: colleague,
      },
    };
    expect(saveRefusalOf(error)).toEqual({ kind: "locked", holder: colleague });
  });

  it("the refusal is told by its code, not by its text: another 409 naming a lock holder is shown as it is", () => {
    const error = {
      status: 409,
      data: {
        metadata: { success: false, code: "CONCURRENT_CHANGE", message: "Changed at the same time.", errors: [] },
        lock: colleague,
      },
    };
    expect(saveRefusalOf(error)).toEqual({ kind: "error", message: "Changed at the same time." });
  });

  it("a newer version names who saved it and when", () => {
    const by = { id: "2", name: "Colleague Editor" };
    const error = {
      status: 409,
      data: {
        metadata: { success: false, code: "STALE_VERSION", errors: ["__all__: stale"] },
        saved_by: by,
        saved_at: "2026-01-02T10:00:00Z",
        version: 7,
      },
    };
    expect(saveRefusalOf(error)).toEqual({ kind: "stale", conflict: { by, at: "2026-01-02T10:00:00Z", version: 7 } });
  });

  it("ignorable warnings open the warnings dialog", () => {
    const warnings = ["Your short description is too long. Please shorten it to 160 characters."];
    expect(
      saveRefusalOf({ status: 400, data: { metadata: { code: "NODE_HAS_WARNINGS", errors: [], warnings } } }),
    ).toEqual({
      kind: "warnings",
      warnings,
    });
  });

  it("a server fault without a message says the server is acting up", () => {
    expect(saveRefusalOf({ status: 500, data: {} })).toEqual({
      kind: "error",
      message: BACK_OFFICE_MESSAGES.genericServerError,
    });
    expect(saveRefusalOf({ status: "FETCH_ERROR", error: "offline" })).toEqual({
      kind: "error",
      message: BACK_OFFICE_MESSAGES.genericServerError,
    });
  });

  it("a refused request without a message says the API is broken", () => {
    expect(saveRefusalOf({ status: 404, data: {} })).toEqual({
      kind: "error",
      message: BACK_OFFICE_MESSAGES.adminApiBroken,
    });
  });
});
