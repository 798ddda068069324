import { describe, expect, it } from "vitest";
import type {
  AccountEvent,
  ContentNodeEvent,
  KeywordEvent,
  LockEvent,
  RecordedEvent,
  ScheduledActionEvent,
} from "@shop/shared";
import { userDecider } from "./accounts/user.ts";
import { created, published, spec as nodeSpec, save, saved } from "./content/node-spec-fixtures.ts";
import { nodeDecider } from "./content/content-node.ts";
import { nodeHistory } from "./content/node-view.ts";
import { keywordDecider } from "./keywords/keyword.ts";
import { recordLockDecider } from "./locks/record-lock.ts";
import { scheduledActionDecider } from "./scheduled-actions/scheduled-action.ts";

// The registry reads back types it has no schema for (a retired event, or one a newer process wrote),
// so every stream can hold an event its evolve does not know. It must change nothing.
const retired = { type: "RetiredEventType", data: { anything: 1 } };
const unknownAs = <E>() => retired as unknown as E;
const fold = <S, E>(decider: { initialState: () => S; evolve: (s: S, e: E) => S }, events: E[]) =>
  events.reduce(decider.evolve, decider.initialState());

describe("core hardening 8: evolve leaves the state unchanged for an event it does not know", () => {
  it("accounts", () => {
    const known: AccountEvent[] = [
      {
        type: "UserRegistered",
        data: {
          userId: "u1",
          email: "a@b.org",
          name: "A",
          isStaff: true,
          passwordHash: "h",
          registeredAt: "2026-11-22T10:00:00.000Z",
        },
      },
      {
        type: "UserLoggedIn",
        data: {
          userId: "u1",
          sessionHash: "s1",
          loggedInAt: "2026-11-22T10:00:00.000Z",
          expiresAt: "2026-12-06T10:00:00.000Z",
        },
      },
    ];
    const state = fold(userDecider, known);
    expect(userDecider.evolve(state, unknownAs<AccountEvent>())).toEqual(state);
  });

  it("keywords", () => {
    const state = fold(keywordDecider, [
      {
        type: "KeywordCreated",
        data: { id: 3, name: "Ark", slug: "ark", monthlySearches: 5, createdAt: "2026-11-22T10:00:00.000Z", by: null },
      },
    ] as KeywordEvent[]);
    expect(keywordDecider.evolve(state, unknownAs<KeywordEvent>())).toEqual(state);
  });

  it("record locks", () => {
    const taken: LockEvent = {
      type: "LockTaken",
      data: {
        app: "content",
        model: "contentnode",
        id: 42,
        user: { id: "u1", name: "Edna" },
        reason: 1,
        comment: "",
        autoCreated: true,
        takenAt: "2026-11-22T10:00:00.000Z",
      },
    };
    const state = fold(recordLockDecider, [taken]);
    expect(recordLockDecider.evolve(state, unknownAs<LockEvent>())).toEqual(state);
  });

  it("scheduled actions", () => {
    const action = {
      id: 7,
      objectId: 42,
      contentType: 143,
      action: "publish" as const,
      actionTime: "2026-03-01T09:00:00.000Z",
      userId: "u1",
      alertUser: true,
    };
    const state = fold(scheduledActionDecider, [
      { type: "ScheduledActionScheduled", data: { ...action, scheduledAt: "2026-02-01T00:00:00.000Z" } },
    ] as ScheduledActionEvent[]);
    expect(scheduledActionDecider.evolve(state, unknownAs<ScheduledActionEvent>())).toEqual(state);
  });

  it("content nodes: nothing changes but the stream position the event occupies, and the node still saves", () => {
    const state = fold(nodeDecider, [created, published]);
    expect(nodeDecider.evolve(state, unknownAs<ContentNodeEvent>())).toEqual({ ...state, version: state.version + 1 });
    nodeSpec
      .given([created, unknownAs<ContentNodeEvent>()])
      .when(save({ name: "About us" }))
      .then([saved({ name: "About us" }, 2)]);
  });

  it("content nodes: the history shows no changed field for it", async () => {
    const recorded = [created, retired].map((e, i) => ({
      ...e,
      metadata: {},
      schemaVersion: 1,
      streamId: "contentnode-7",
      streamPosition: i,
      position: { major: 1n, minor: BigInt(i) },
      globalPosition: i,
      createdAt: new Date(),
    }));
    const history = await nodeHistory(undefined as never, recorded as RecordedEvent[]); // no user ids: the database is not read
    expect(history[1]).toMatchObject({ type: "RetiredEventType", changed_fields: [], changes: {} });
  });
});
