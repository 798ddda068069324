import { describe, expect, it } from "vitest";
import { CONTENT_STATUSES } from "../domain/constants.ts";
import {
  CONTENT_ACTION_LABELS,
  CONTENT_ACTIONS,
  CONTENT_STATUS_TRANSITIONS,
  historyEnabled,
  offersAction,
  STATUS_AFTER_ACTION,
} from "./status-actions.ts";
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

describe("back office 5: the async action and the history switch it disables", () => {
  it("async sets Changes Pending and is offered to a Live node (after saving it), a Beta and an archived one", () => {
    expect(STATUS_AFTER_ACTION.async).toBe("Changes Pending");
    expect(offersAction("Live", "async")).toBe(true);
    expect(offersAction("Beta", "async")).toBe(true);
    expect(offersAction("Archive", "async")).toBe(true);
    expect(offersAction("Changes Pending", "async")).toBe(false);
    expect(CONTENT_ACTION_LABELS.async).toBe("Changes Pending");
  });

  it("the history switch is off once async made the node Changes Pending, and back on when it is published", () => {
    expect(historyEnabled(STATUS_AFTER_ACTION.async)).toBe(false);
    expect(historyEnabled(STATUS_AFTER_ACTION.publish)).toBe(true);
    expect(historyEnabled(STATUS_AFTER_ACTION.other)).toBe(true);
    expect(historyEnabled(STATUS_AFTER_ACTION.archive)).toBe(true);
  });
});
