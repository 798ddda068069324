import { describe, expect, it } from "vitest";
import { CONTENT_STATUSES } from "../domain/constants.ts";
import { CONTENT_ACTIONS, CONTENT_STATUS_TRANSITIONS, offersAction, STATUS_AFTER_ACTION } from "./status-actions.ts";
import { ContentActionRequest } from "./api.ts";

describe("content status transitions", () => {
  it("code health 3: each status offers every action but the one that would keep it", () => {
    for (const status of CONTENT_STATUSES) {
      expect(CONTENT_STATUS_TRANSITIONS[status]).toEqual(
        CONTENT_ACTIONS.filter((a) => STATUS_AFTER_ACTION[a] !== status),
      );
    }
    expect(offersAction("Live", "publish")).toBe(false);
    expect(offersAction("Beta", "publish")).toBe(true);
  });

  it("code health 3: the action request takes exactly the declared actions", () => {
    for (const action of CONTENT_ACTIONS) expect(ContentActionRequest.safeParse({ action, pk: 1 }).success).toBe(true);
    expect(ContentActionRequest.safeParse({ action: "beta", pk: 1 }).success).toBe(false);
  });
});
