import { describe, expect, it } from "vitest";
import { BACK_OFFICE_MESSAGES } from "@shop/shared";
import { scheduledActionRefusal } from "./scheduledActionRefusal";

const refused = (status: number, code: string, message: string, errors = [`__all__: ${message}`]) => ({
  status,
  data: { metadata: { success: false, code, message, errors } },
});

describe("back office 8: a refused scheduled-action change says what happened, not 'could not be unlocked'", () => {
  it("an action that already ran says so", () => {
    const error = refused(409, "ALREADY_RAN", "This action has already run; it can no longer be changed.");
    expect(scheduledActionRefusal(error)).toBe("This action has already run; it can no longer be changed.");
  });
  it("an action cancelled meanwhile (404) says it was cancelled", () => {
    expect(scheduledActionRefusal(refused(404, "NOT_FOUND", "Not found."))).toBe(
      "This action was cancelled meanwhile; it can no longer be changed.",
    );
  });
  it("a change that lost a race to a colleague's says so", () => {
    const error = refused(409, "CONCURRENT_CHANGE", "Someone else changed this record at the same time.");
    expect(scheduledActionRefusal(error)).toBe(
      "Someone else changed this action at the same time. Reload the page and try again.",
    );
  });
  it("no refusal says 'The action could not be unlocked.'", () => {
    for (const error of [
      refused(409, "ALREADY_RAN", "x"),
      refused(404, "NOT_FOUND", "x"),
      refused(409, "CONCURRENT_CHANGE", "x"),
      { status: 500, data: {} },
      { status: "FETCH_ERROR", error: "offline" },
    ])
      expect(scheduledActionRefusal(error)).not.toBe(BACK_OFFICE_MESSAGES.scheduledActionUnlockFailed);
  });
  it("bad input is left to the row's fields (null)", () => {
    expect(scheduledActionRefusal(refused(400, "INVALID_REQUEST", "Invalid request syntax or bad data."))).toBeNull();
  });
  it("an answer without a code shows its message, else the §8 fallbacks", () => {
    expect(scheduledActionRefusal({ status: 400, data: { metadata: { message: "Odd." } } })).toBe("Odd.");
    expect(scheduledActionRefusal({ status: 404, data: {} })).toBe(BACK_OFFICE_MESSAGES.adminApiBroken);
    expect(scheduledActionRefusal({ status: 500, data: {} })).toBe(BACK_OFFICE_MESSAGES.genericServerError);
    expect(scheduledActionRefusal({ status: "FETCH_ERROR", error: "offline" })).toBe(
      BACK_OFFICE_MESSAGES.genericServerError,
    );
  });
});
