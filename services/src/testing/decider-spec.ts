import { expect } from "vitest";

/**
 * Business-rule tests in the shape given(events).when(command).then(events) / .thenThrows(code):
 * the pure decider is folded over the given events, then asked to decide.
 */
export function deciderSpec<State, Event, Command>(
  decider: { initialState: () => State; evolve: (s: State, e: Event) => State },
  decide: (c: Command, s: State) => Event[],
) {
  return {
    given(events: Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const run = () => decide(command, state);
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(code: string) {
              expect(run).toThrow(expect.objectContaining({ code }));
            },
          };
        },
      };
    },
  };
}
