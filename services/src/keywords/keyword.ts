import {
  keywordEvents,
  type KeywordCreatedData,
  type KeywordEvent,
  KeywordExistsError,
  type UserRef,
} from "@shop/shared";

/** A keyword as its stream folds it. */
export type Keyword = { exists: false } | ({ exists: true } & Omit<KeywordCreatedData, "by" | "createdAt">);

export const keywordDecider = {
  initialState: (): Keyword => ({ exists: false }),
  events: keywordEvents,
  evolve(state: Keyword, event: KeywordEvent): Keyword {
    switch (event.type) {
      case "KeywordCreated":
        return {
          exists: true,
          id: event.data.id,
          name: event.data.name,
          slug: event.data.slug,
          monthlySearches: event.data.monthlySearches,
        };
      case "KeywordSlugClaimed":
        return state;
      default: {
        event satisfies never; // an event this code does not know (retired, or from a newer writer) changes nothing
        return state;
      }
    }
  },
};

export type KeywordCommand = {
  type: "CreateKeyword";
  data: { id: number; name: string; slug: string; monthlySearches: number; now: Date; by: UserRef | null };
};

/** Pure: creating a keyword records it once; its slug's uniqueness is claimed on its own stream first. */
export function decideKeyword(command: KeywordCommand, state: Keyword): KeywordEvent[] {
  if (state.exists) throw new KeywordExistsError();
  const { now, ...data } = command.data;
  return [{ type: "KeywordCreated", data: { ...data, createdAt: now.toISOString() } }];
}
